// Continuous-integration and deployment definitions served from the web root: the build's steps, internal hosts,
// deploy targets and, too often, credentials written into them. Low by themselves (the pipeline tells an attacker how
// the site is built and where it is deployed); high when the file holds a real-looking secret (secretsRaise). Each is
// proven by the tool's own top-level keys.
import {
  checks,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
  type CheckDeclaration,
} from "../../declare.ts";

interface Pipeline {
  kind: string;
  /** The tool, as its users name it ("GitLab CI/CD"). */
  tool: string;
  /** The file, for the title ("gitlab-ci.yml"). */
  file: string;
  paths: string[];
  /** Every pattern must match. */
  proof: RegExp[];
  docs: string;
  /** Where the secrets belong instead. */
  secrets: string;
  /** The stand-in's path and content (a real-looking secret in it: the finding is high). */
  sample: [string, string];
  /** A second stand-in without secrets (the finding stays low). */
  plain?: [string, string];
}

function pipeline(p: Pipeline): CheckDeclaration {
  return {
    kind: p.kind,
    category: "exposed-file",
    protocol: "http",
    title: `${p.tool} pipeline definition exposed (${p.file})`,
    severity: "low",
    description:
      `The site serves its ${p.tool} definition (${p.file}): the build and deploy steps, the images, internal hosts ` +
      "and deploy targets, and any credential written into it instead of the CI's secret store.",
    remediation:
      `Deploy the build's output, not the repository (or deny ${p.file} on the web server); move any credential in ` +
      `it to ${p.secrets} and rotate it.`,
    references: [p.docs, OWASP_FILES, cwe(538)],
    cwe: [538, 540],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: p.paths,
        match: [OK, NOT_HTML, { regex: p.proof }],
        judge: secretsRaise("high", `${p.tool} pipeline (${p.file})`),
      },
    ],
    fixtures: {
      vulnerable: [
        { server: "nginx", routes: { [p.sample[0]]: text(p.sample[1]) }, expect: { severity: "high" } },
        ...(p.plain ? [{ server: "apache" as const, routes: { [p.plain[0]]: text(p.plain[1]) } }] : []),
      ],
      clean: { server: "nginx", routes: {} },
    },
  };
}

export default checks([
  pipeline({
    kind: "http.exposed.gitlab-ci",
    tool: "GitLab CI/CD",
    file: ".gitlab-ci.yml",
    paths: ["/.gitlab-ci.yml"],
    proof: [
      /^(stages|variables|image|default|include|workflow|before_script):/m,
      /^\s+(script|stage|only|rules|needs|artifacts):/m,
    ],
    docs: "https://docs.gitlab.com/ee/ci/yaml/",
    secrets: "masked CI/CD variables",
    sample: [
      "/.gitlab-ci.yml",
      'stages:\n  - build\n  - deploy\nvariables:\n  DEPLOY_PASSWORD: "Dp9!xk2Lq"\ndeploy:\n  stage: deploy\n' +
        "  script:\n    - sshpass -p $DEPLOY_PASSWORD rsync -a public/ www@203.0.113.7:/var/www\n",
    ],
    plain: ["/.gitlab-ci.yml", "image: node:20\ntest:\n  stage: test\n  script:\n    - npm ci\n    - npm test\n"],
  }),
  pipeline({
    kind: "http.exposed.github-workflow",
    tool: "GitHub Actions",
    file: ".github/workflows/*.yml",
    paths: ["/.github/workflows/ci.yml", "/.github/workflows/main.yml", "/.github/workflows/deploy.yml"],
    proof: [/^["']?on["']?:/m, /^jobs:\s*$/m, /^\s+runs-on:/m],
    docs: "https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions",
    secrets: "encrypted secrets (${{ secrets.NAME }})",
    sample: [
      "/.github/workflows/deploy.yml",
      "name: Deploy\non:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n" +
        "      AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMIK7MDENGbPxRfiCY1234\n    steps:\n      - uses: " +
        "actions/checkout@v4\n",
    ],
    plain: [
      "/.github/workflows/ci.yml",
      "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    env:\n" +
        "      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n    steps:\n      - run: npm test\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.travis-ci",
    tool: "Travis CI",
    file: ".travis.yml",
    paths: ["/.travis.yml"],
    proof: [
      /^(language|dist|os|sudo):/m,
      /^(script|install|before_install|before_script|after_success|deploy|jobs|matrix|env|services):/m,
    ],
    docs: "https://docs.travis-ci.com/user/customizing-the-build/",
    secrets: "encrypted variables (travis encrypt)",
    sample: [
      "/.travis.yml",
      "language: node_js\nnode_js:\n  - 18\nscript: npm test\ndeploy:\n  provider: heroku\n" +
        "  api_key: 8f2b6c1d-4e3a-49f7-b0c5-2d8e6a1f9b3c\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.jenkinsfile",
    tool: "Jenkins",
    file: "Jenkinsfile",
    paths: ["/Jenkinsfile"],
    proof: [/^\s*(pipeline|node\s*(\(\s*['"][\w-]*['"]\s*\))?)\s*\{/m, /\bstages?\s*[({]/],
    docs: "https://www.jenkins.io/doc/book/pipeline/jenkinsfile/",
    secrets: "Jenkins credentials (withCredentials)",
    sample: [
      "/Jenkinsfile",
      "pipeline {\n  agent any\n  environment {\n    REGISTRY_PASSWORD = 'Rg7!qp3Zx'\n  }\n  stages {\n" +
        "    stage('Build') {\n      steps { sh 'docker build -t registry.internal/shop .' }\n    }\n  }\n}\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.bitbucket-pipelines",
    tool: "Bitbucket Pipelines",
    file: "bitbucket-pipelines.yml",
    paths: ["/bitbucket-pipelines.yml"],
    proof: [/^pipelines:\s*$/m, /^\s+(default|branches|pull-requests|custom|tags):/m],
    docs: "https://support.atlassian.com/bitbucket-cloud/docs/bitbucket-pipelines-configuration-reference/",
    secrets: "secured repository variables",
    sample: [
      "/bitbucket-pipelines.yml",
      "image: node:18\npipelines:\n  branches:\n    main:\n      - step:\n          script:\n" +
        "            - export FTP_PASSWORD=Ft5!kw8Qz\n            - npm run deploy\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.circleci",
    tool: "CircleCI",
    file: ".circleci/config.yml",
    paths: ["/.circleci/config.yml"],
    proof: [/^version:\s*['"]?2(\.\d)?['"]?\s*$/m, /^(jobs|workflows|orbs):\s*$/m],
    docs: "https://circleci.com/docs/configuration-reference/",
    secrets: "project environment variables or contexts",
    sample: [
      "/.circleci/config.yml",
      "version: 2.1\njobs:\n  deploy:\n    docker:\n      - image: cimg/node:18.17\n    environment:\n" +
        "      NPM_TOKEN: npm_Zq8Lm2Vx5Rt9Wb3Kp7Nd1Hf4Js6Gc0Ay2Eu\n    steps:\n      - checkout\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.drone-ci",
    tool: "Drone CI",
    file: ".drone.yml",
    paths: ["/.drone.yml"],
    proof: [/^kind:\s*pipeline\s*$/m, /^steps:\s*$/m],
    docs: "https://docs.drone.io/pipeline/docker/syntax/",
    secrets: "Drone secrets (from_secret)",
    sample: [
      "/.drone.yml",
      "kind: pipeline\ntype: docker\nname: default\nsteps:\n  - name: publish\n    image: plugins/docker\n" +
        "    settings:\n      username: ci\n      password: Dr0ne!Pass9\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.azure-pipelines",
    tool: "Azure Pipelines",
    file: "azure-pipelines.yml",
    paths: ["/azure-pipelines.yml"],
    proof: [
      /^(trigger|pool|stages|jobs|steps|variables):/m,
      /vmImage:|^\s*-\s*task:\s*\w+@\d|^\s*-\s*(script|bash|pwsh):/m,
    ],
    docs: "https://learn.microsoft.com/en-us/azure/devops/pipelines/yaml-schema/",
    secrets: "secret variables or variable groups linked to Key Vault",
    sample: [
      "/azure-pipelines.yml",
      "trigger:\n- main\npool:\n  vmImage: ubuntu-latest\nvariables:\n  sqlPassword: 'Az9!qv4Lp'\nsteps:\n" +
        "- script: dotnet publish -c Release\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.appveyor",
    tool: "AppVeyor",
    file: "appveyor.yml",
    paths: ["/appveyor.yml"],
    proof: [/^(version|image|environment|install):/m, /^(build_script|test_script|build|deploy|deploy_script):/m],
    docs: "https://www.appveyor.com/docs/appveyor-yml/",
    secrets: "secure variables",
    sample: [
      "/appveyor.yml",
      "version: 1.0.{build}\nimage: Visual Studio 2022\nenvironment:\n  deploy_password: Av7!kq2Wm\n" +
        "build_script:\n  - msbuild Shop.sln\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.aws-buildspec",
    tool: "AWS CodeBuild",
    file: "buildspec.yml",
    paths: ["/buildspec.yml"],
    proof: [/^version:\s*0\.[12]\s*$/m, /^phases:\s*$/m],
    docs: "https://docs.aws.amazon.com/codebuild/latest/userguide/build-spec-ref.html",
    secrets: "Secrets Manager or Parameter Store (env: secrets-manager:)",
    sample: [
      "/buildspec.yml",
      'version: 0.2\nenv:\n  variables:\n    DB_PASSWORD: "Cb3!pz8Qw"\nphases:\n  build:\n    commands:\n' +
        "      - npm ci && npm run build\n",
    ],
  }),
  pipeline({
    kind: "http.exposed.google-cloudbuild",
    tool: "Google Cloud Build",
    file: "cloudbuild.yaml",
    paths: ["/cloudbuild.yaml", "/cloudbuild.yml"],
    proof: [/^steps:\s*$/m, /^\s*-\s*name:\s*['"]?(gcr\.io|[\w.-]+-docker\.pkg\.dev)\//m],
    docs: "https://cloud.google.com/build/docs/build-config-file-schema",
    secrets: "Secret Manager (availableSecrets)",
    sample: [
      "/cloudbuild.yaml",
      "steps:\n- name: 'gcr.io/cloud-builders/docker'\n  args: ['build', '-t', 'gcr.io/acme/shop', '.']\n" +
        "- name: 'gcr.io/cloud-builders/gcloud'\n  env:\n  - 'API_TOKEN=Gc8!vq2Lm5Kx'\n",
    ],
  }),
]);
