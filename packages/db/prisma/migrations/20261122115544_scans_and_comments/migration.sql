-- AlterTable
ALTER TABLE "IssueComment" ADD COLUMN     "authorId" INTEGER,
ADD COLUMN     "authorName" VARCHAR(320) NOT NULL DEFAULT '',
ADD COLUMN     "authorType" "ActorType" NOT NULL DEFAULT 'user';

-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "findingsCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stages" JSONB NOT NULL DEFAULT '[]';
