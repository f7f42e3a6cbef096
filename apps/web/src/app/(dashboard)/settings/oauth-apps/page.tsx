import type { Metadata } from "next";
import { OAuthAppsView } from "./oauth-apps-view";

export const metadata: Metadata = { title: "OAuth apps" };

export default function OAuthAppsPage() {
  return <OAuthAppsView />;
}
