import { OverviewView } from "./overview-view";

export const metadata = { title: "Overview" };

export default function OverviewPage() {
  return <OverviewView />;
}
