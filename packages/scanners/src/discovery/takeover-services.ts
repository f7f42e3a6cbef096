// Cloud and SaaS targets a CNAME can be left pointing at after the thing
// behind it was deleted, and how each shows that it is gone. Modelled on the
// public "can-i-take-over-xyz" list (EdOverflow, CC-BY-4.0 data; rows its
// authors mark "Vulnerable" or "Edge case", with their fingerprints):
// `nxdomain` services are claimable when the CNAME target no longer exists;
// `fingerprints` are texts the service's own "no such app/bucket" page shows.

export interface TakeoverService {
  service: string;
  /** A CNAME target on one of these suffixes (or equal to one) belongs to the service. */
  suffixes: string[];
  /** The target no longer resolving (NXDOMAIN) means someone else can claim it. */
  nxdomain: boolean;
  /** Any of these in the body of http(s)://<host>/ means the app/bucket/site is unclaimed. */
  fingerprints: string[];
}

export const TAKEOVER_SERVICES: readonly TakeoverService[] = [
  {
    service: "AWS S3",
    suffixes: ["s3.amazonaws.com", "s3-website-us-east-1.amazonaws.com", "s3-website.us-east-1.amazonaws.com"],
    nxdomain: false,
    fingerprints: ["NoSuchBucket", "The specified bucket does not exist"],
  },
  { service: "AWS Elastic Beanstalk", suffixes: ["elasticbeanstalk.com"], nxdomain: true, fingerprints: [] },
  { service: "Azure App Service", suffixes: ["azurewebsites.net"], nxdomain: true, fingerprints: [] },
  {
    service: "Azure Cloud Services",
    suffixes: ["cloudapp.net", "cloudapp.azure.com"],
    nxdomain: true,
    fingerprints: [],
  },
  { service: "Azure Traffic Manager", suffixes: ["trafficmanager.net"], nxdomain: true, fingerprints: [] },
  { service: "Azure Blob Storage", suffixes: ["blob.core.windows.net"], nxdomain: true, fingerprints: [] },
  { service: "Azure CDN", suffixes: ["azureedge.net"], nxdomain: true, fingerprints: [] },
  { service: "Azure API Management", suffixes: ["azure-api.net"], nxdomain: true, fingerprints: [] },
  { service: "Azure Container Instances", suffixes: ["azurecontainer.io"], nxdomain: true, fingerprints: [] },
  { service: "Azure Front Door", suffixes: ["azurefd.net"], nxdomain: true, fingerprints: [] },
  {
    service: "Heroku",
    suffixes: ["herokuapp.com", "herokudns.com", "herokussl.com"],
    nxdomain: true,
    fingerprints: ["No such app", "herokucdn.com/error-pages/no-such-app.html"],
  },
  {
    service: "GitHub Pages",
    suffixes: ["github.io"],
    nxdomain: false,
    fingerprints: ["There isn't a GitHub Pages site here."],
  },
  {
    service: "Netlify",
    suffixes: ["netlify.app", "netlify.com"],
    nxdomain: false,
    fingerprints: ["Not Found - Request ID:"],
  },
  { service: "Fastly", suffixes: ["fastly.net"], nxdomain: false, fingerprints: ["Fastly error: unknown domain"] },
  {
    service: "Shopify",
    suffixes: ["myshopify.com"],
    nxdomain: false,
    fingerprints: ["Sorry, this shop is currently unavailable."],
  },
  { service: "Bitbucket", suffixes: ["bitbucket.io"], nxdomain: false, fingerprints: ["Repository not found"] },
  {
    service: "Ghost",
    suffixes: ["ghost.io"],
    nxdomain: false,
    fingerprints: ["The thing you were looking for is no longer here, or never was"],
  },
  {
    service: "Pantheon",
    suffixes: ["pantheonsite.io"],
    nxdomain: false,
    fingerprints: ["The gods are wise, but do not know of the site which you seek."],
  },
  { service: "Surge.sh", suffixes: ["surge.sh"], nxdomain: false, fingerprints: ["project not found"] },
  {
    service: "Tumblr",
    suffixes: ["domains.tumblr.com"],
    nxdomain: false,
    fingerprints: ["Whatever you were looking for doesn't currently exist at this address"],
  },
  { service: "WordPress.com", suffixes: ["wordpress.com"], nxdomain: false, fingerprints: ["Do you want to register"] },
  { service: "Zendesk", suffixes: ["zendesk.com"], nxdomain: false, fingerprints: ["Help Center Closed"] },
  { service: "Readme.io", suffixes: ["readme.io"], nxdomain: false, fingerprints: ["Project doesnt exist... yet!"] },
  {
    service: "Help Scout",
    suffixes: ["helpscoutdocs.com"],
    nxdomain: false,
    fingerprints: ["No settings were found for this company:"],
  },
  { service: "Ngrok", suffixes: ["ngrok.io"], nxdomain: false, fingerprints: ["ngrok.io not found"] },
  { service: "Canny", suffixes: ["canny.io"], nxdomain: false, fingerprints: ["Company Not Found"] },
  {
    service: "Strikingly",
    suffixes: ["s.strikinglydns.com"],
    nxdomain: false,
    fingerprints: ["But if you're looking to build your own website"],
  },
  {
    service: "Launchrock",
    suffixes: ["launchrock.com"],
    nxdomain: false,
    fingerprints: ["It looks like you may have taken a wrong turn somewhere."],
  },
  {
    service: "JetBrains YouTrack",
    suffixes: ["youtrack.cloud", "myjetbrains.com"],
    nxdomain: false,
    fingerprints: ["is not a registered InCloud YouTrack"],
  },
];

/** Regional S3 endpoints ("bucket.s3.eu-west-1.amazonaws.com", "….s3-website-eu-west-1.amazonaws.com"…). */
const S3_REGIONAL = /\.s3(?:[.-]website)?[.-][a-z0-9-]+\.amazonaws\.com$/;

/** The service a CNAME target belongs to, if any. */
export function serviceOf(target: string, services: readonly TakeoverService[]): TakeoverService | null {
  for (const s of services)
    if (s.suffixes.some((suffix) => target === suffix || target.endsWith(`.${suffix}`))) return s;
  if (S3_REGIONAL.test(target)) return services.find((s) => s.service === "AWS S3") ?? null;
  return null;
}
