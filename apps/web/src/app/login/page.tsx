import type { Metadata } from "next";
import { Suspense } from "react";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <main id="content" className="grid min-h-dvh place-items-center p-4 sm:p-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="text-xl font-semibold">Sign in</h1>
        <p className="mb-4 text-sm text-muted-foreground">Exposure Monitoring dashboard</p>
        <Suspense>
          <LoginForm />
        </Suspense>
      </div>
    </main>
  );
}
