import type { Metadata } from "next";
import type { ReactNode } from "react";
import "@ems/ui/styles.css";
import "./app.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Exposure Monitoring", template: "%s · Exposure Monitoring" },
  description: "External exposure monitoring",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
