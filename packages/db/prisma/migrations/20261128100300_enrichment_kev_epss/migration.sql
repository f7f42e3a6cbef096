-- Issue 29, enrichment (docs/api.md, Enrichment): what a finding's source said beyond its kind, kept on its issue;
-- the KEV catalogue (loaded from the bundled snapshot on first use, or by `ems kev import`) and EPSS scores
-- (`ems epss import`), shared by every workspace.
ALTER TABLE "Issue" ADD COLUMN     "cves" VARCHAR(30)[] DEFAULT ARRAY[]::VARCHAR(30)[],
ADD COLUMN     "cvssVector" VARCHAR(100),
ADD COLUMN     "cwe" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "references" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "ExploitDataset" (
    "name" VARCHAR(10) NOT NULL,
    "version" VARCHAR(50) NOT NULL,
    "asOf" TIMESTAMPTZ(3) NOT NULL,
    "rows" INTEGER NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExploitDataset_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "KnownExploited" (
    "cveId" VARCHAR(30) NOT NULL,
    "vendor" VARCHAR(200) NOT NULL,
    "product" VARCHAR(200) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "dateAdded" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "ransomware" BOOLEAN NOT NULL,
    "catalogVersion" VARCHAR(50) NOT NULL,

    CONSTRAINT "KnownExploited_pkey" PRIMARY KEY ("cveId")
);

-- CreateTable
CREATE TABLE "EpssScore" (
    "cveId" VARCHAR(30) NOT NULL,
    "score" REAL NOT NULL,
    "percentile" REAL NOT NULL,

    CONSTRAINT "EpssScore_pkey" PRIMARY KEY ("cveId")
);
