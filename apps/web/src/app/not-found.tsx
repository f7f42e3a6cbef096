import Link from "next/link";
import { buttonVariants } from "@ems/ui";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main id="content" className="grid min-h-dvh place-items-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <p className="text-sm font-medium text-muted-foreground">404</p>
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="text-muted-foreground">The page does not exist, or it was moved or deleted.</p>
        <nav aria-label="Where to go" className="mt-2 flex flex-wrap justify-center gap-2">
          <Link href="/" className={buttonVariants({ variant: "primary" })}>
            Go to the dashboard
          </Link>
          <Link href="/issues" className={buttonVariants()}>
            Issues
          </Link>
          <Link href="/assets" className={buttonVariants()}>
            Assets
          </Link>
        </nav>
      </div>
    </main>
  );
}
