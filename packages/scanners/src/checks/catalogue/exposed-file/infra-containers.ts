// Container, cluster and cloud deployment definitions left in the web root: Dockerfiles, kubeconfigs and Kubernetes
// Secret manifests, Vagrantfiles, Serverless and CloudFormation templates.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(538)];
const yaml = (body: string) => text(body, { "content-type": "application/x-yaml" });

export default checks([
  {
    kind: "http.exposed.dockerfile",
    category: "exposed-file",
    protocol: "http",
    title: "Dockerfile exposed",
    severity: "low",
    description:
      "The site serves the Dockerfile its image is built from: the base image and its version, the packages, paths " +
      "and ports of the application, and any secret passed as ENV or ARG.",
    remediation:
      "Build the image from a context that keeps the Dockerfile out of the served folder (.dockerignore, a " +
      "multi-stage " +
      "build copying only the output), and pass secrets with build secrets (RUN --mount=type=secret).",
    references: ["https://docs.docker.com/build/building/secrets/", ...REFS],
    cwe: [538, 540],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/Dockerfile"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^FROM\s+\S+/m, /^(RUN|COPY|ADD|CMD|ENTRYPOINT|WORKDIR|ENV|EXPOSE|ARG|USER)\s/m] },
        ],
        extract: [{ name: "image", regex: /^FROM\s+(?:--platform=\S+\s+)?(\S+)/m }],
        judge: secretsRaise("high", "FROM … RUN …"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/Dockerfile": text(
              "FROM node:18-alpine\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nEXPOSE " +
                "3000\n" +
                'CMD ["node", "server.js"]\n',
            ),
          },
          expect: { extracted: { image: "node:18-alpine" } },
        },
        {
          server: "apache",
          routes: {
            "/Dockerfile": text("FROM php:8.2-apache\nENV DB_PASSWORD=Dk7!qz3Lw\nCOPY . /var/www/html/\n"),
          },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.kubeconfig",
    category: "exposed-file",
    protocol: "http",
    title: "Kubernetes kubeconfig exposed",
    severity: "high",
    description:
      "The site serves a kubeconfig: the clusters' API server addresses and certificate authorities and, usually, " +
      "the user's token, client key or password, which give that user's rights over the cluster (often all of them).",
    remediation:
      "Remove the file, revoke its credentials (delete the service account token or rotate the client certificate; " +
      "on managed clusters, the access key behind it) and serve a folder other than a home directory.",
    references: ["https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.kube/config", "/kubeconfig", "/kubeconfig.yaml"],
        match: [OK, NOT_HTML, { regex: [/^kind:\s*Config\s*$/m, /^clusters:\s*$/m, /^\s+server:\s*https?:\/\//m] }],
        extract: [{ name: "server", regex: /^\s+server:\s*(https?:\/\/\S+)/m }],
        judge: (r) => {
          const cred = /^\s+(token|client-key-data|password|auth-provider|exec):/m.exec(r.body);
          return cred
            ? { matched: `users: … ${cred[1]}: …`, severity: "critical" }
            : { matched: "kind: Config (clusters)" };
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/.kube/config": yaml(
              "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTg==\n" +
                "    server: https://10.0.0.1:6443\n  name: prod\ncontexts:\n- context:\n    cluster: prod\n" +
                "    user: admin\n  name: prod\ncurrent-context: prod\nkind: Config\nusers:\n- name: admin\n  user:\n" +
                "    token: eyJhbGciOiJSUzI1NiIsImtpZCI6IkRlZmF1bHQifQ.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl\n",
            ),
          },
          expect: { severity: "critical", extracted: { server: "https://10.0.0.1:6443" } },
        },
        {
          server: "apache",
          routes: {
            "/kubeconfig": yaml(
              "apiVersion: v1\nkind: Config\nclusters:\n- name: dev\n  cluster:\n    server: https://k8s.example.com\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.kubernetes-secret",
    category: "exposed-file",
    protocol: "http",
    title: "Kubernetes Secret manifest exposed",
    severity: "critical",
    description:
      "The site serves a Kubernetes Secret manifest: its data is only base64-encoded, so the passwords, keys and " +
      "tokens the cluster's workloads use can be read by anyone.",
    remediation:
      "Remove the manifest from the web root and the repository (Sealed Secrets, SOPS or an external secret store " +
      "instead), and rotate every value it held.",
    references: ["https://kubernetes.io/docs/concepts/configuration/secret/", ...REFS],
    cwe: [538, 312],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/secret.yaml", "/secrets.yaml", "/k8s/secret.yaml"],
        match: [OK, NOT_HTML, { regex: [/^kind:\s*Secret\s*$/m, /^(data|stringData):\s*$/m, /^\s+[\w.-]+:\s*\S+/m] }],
        judge: (r) => {
          const keys = [...r.body.matchAll(/^\s{2}([\w.-]+):\s*\S+/gm)].map((m) => m[1]!).filter((k) => k !== "name");
          return { matched: `kind: Secret; data: ${keys.slice(0, 4).join(", ")}: …` };
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/k8s/secret.yaml": yaml(
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-db\ntype: Opaque\ndata:\n" +
              "  DB_PASSWORD: S3E0IXdxOHZM\n  DB_USER: c2hvcA==\n",
          ),
        },
      },
      // A sealed secret: encrypted for the cluster's controller, safe to publish.
      clean: {
        server: "nginx",
        routes: {
          "/secret.yaml": yaml(
            "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: shop-db\nspec:\n  " +
              "encryptedData:\n" +
              "    DB_PASSWORD: AgBy8hCF8...\n",
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.vagrantfile",
    category: "exposed-file",
    protocol: "http",
    title: "Vagrantfile exposed",
    severity: "low",
    description:
      "The site serves a Vagrantfile: the development machine's base box, forwarded ports, synced folders and " +
      "provisioning scripts, and a sign that the project folder is served as it is.",
    remediation: "Deploy the build's output, not the project folder, or deny the file on the web server.",
    references: ["https://developer.hashicorp.com/vagrant/docs/vagrantfile", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/Vagrantfile"],
        match: [OK, NOT_HTML, { regex: [/Vagrant\.configure\(\s*["']2["']\s*\)\s*do\s*\|\s*\w+\s*\|/] }],
        extract: [{ name: "box", regex: /\.vm\.box\s*=\s*["']([^"']+)["']/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/Vagrantfile": text(
            'Vagrant.configure("2") do |config|\n  config.vm.box = "ubuntu/jammy64"\n  config.vm.network ' +
              '"forwarded_port", guest: 80, host: 8080\n  config.vm.provision "shell", path: "provision.sh"\nend\n',
          ),
        },
        expect: { extracted: { box: "ubuntu/jammy64" } },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.serverless-config",
    category: "exposed-file",
    protocol: "http",
    title: "Serverless Framework configuration exposed (serverless.yml)",
    severity: "low",
    description:
      "The site serves serverless.yml: the cloud account's functions, their triggers and permissions (IAM " +
      "statements), resources, and environment variables, sometimes with secrets in clear.",
    remediation:
      "Keep serverless.yml out of the served folder; read secrets from SSM or Secrets Manager (${ssm:…}) and rotate " +
      "any in clear.",
    references: ["https://www.serverless.com/framework/docs/providers/aws/guide/serverless.yml", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/serverless.yml"],
        match: [OK, NOT_HTML, { regex: [/^service:\s*\S+/m, /^provider:\s*$/m, /^functions:\s*$/m] }],
        judge: secretsRaise("high", "service: … provider: … functions:"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/serverless.yml": yaml(
            "service: orders-api\nprovider:\n  name: aws\n  runtime: nodejs18.x\n  environment:\n" +
              "    STRIPE_SECRET_KEY: sk_live_51Hc2eK8q0wZ3lTxY9\nfunctions:\n  create:\n    handler: handler.create\n",
          ),
        },
        expect: { severity: "high" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.cloudformation-template",
    category: "exposed-file",
    protocol: "http",
    title: "AWS CloudFormation or SAM template exposed",
    severity: "low",
    description:
      "The site serves a CloudFormation (or SAM) template: the AWS resources of the application, their names, " +
      "permissions and network layout, and default parameter values that are sometimes passwords.",
    remediation:
      "Keep templates out of the served folder, use NoEcho parameters or dynamic references for secrets, and rotate " +
      "any in clear.",
    references: ["https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/template-anatomy.html", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/template.yaml", "/cloudformation.yaml"],
        match: [OK, NOT_HTML, { regex: [/^AWSTemplateFormatVersion:\s*['"]?2010-09-09/m, /^Resources:\s*$/m] }],
        judge: secretsRaise("high", "AWSTemplateFormatVersion: 2010-09-09; Resources:"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/template.yaml": yaml(
            "AWSTemplateFormatVersion: '2010-09-09'\nTransform: AWS::Serverless-2016-10-31\nResources:\n" +
              "  OrdersFunction:\n    Type: AWS::Serverless::Function\n    Properties:\n      Handler: app.handler\n",
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
