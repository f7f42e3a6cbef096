import type { Metadata } from "next";
import { Suspense } from "react";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <main className="center-page">
      <div className="panel">
        <h1 style={{ marginTop: 0, fontSize: 22 }}>Sign in</h1>
        <p className="muted">Exposure Monitoring dashboard</p>
        <Suspense>
          <LoginForm />
        </Suspense>
      </div>
    </main>
  );
}
