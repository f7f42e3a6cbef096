-- Issue 29: the CVE ids of issues filed before 20261128100300_enrichment_kev_epss, which stored them from the next scan
-- on only, so that their KEV and EPSS figures and priority (trigger issue_derived) count them now. An issue's CVEs are
-- what its latest finding's source named, as scanners' sourceClassification reads them: the advisories' ids, then the
-- template classification's `cve-id` (a list, or text separated by commas), trimmed and upper-cased, each a CVE id, the
-- first 100 distinct. No check of the catalogue declares CVEs of its own at this version, so the kinds add none.
WITH latest AS (
  SELECT DISTINCT ON (f."issueId") f."issueId", f.evidence
  FROM "Finding" f JOIN "Issue" i ON i.id = f."issueId"
  WHERE i.cves = '{}' AND f.evidence IS NOT NULL
  ORDER BY f."issueId", f.id DESC
), named AS (
  SELECT l."issueId", c.id, c.n
  FROM latest l CROSS JOIN LATERAL (
    SELECT a->>'id' AS id, n FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(l.evidence->'advisories') = 'array' THEN l.evidence->'advisories' ELSE '[]' END)
      WITH ORDINALITY x(a, n)
    UNION ALL
    SELECT upper(btrim(t)), 100000 + n FROM (
      SELECT v #>> '{}' AS t, n FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(l.evidence #> '{template,classification,cve-id}') = 'array'
          THEN l.evidence #> '{template,classification,cve-id}' ELSE '[]' END) WITH ORDINALITY y(v, n)
      WHERE jsonb_typeof(v) = 'string'
      UNION ALL
      SELECT s, n FROM unnest(string_to_array(
        CASE WHEN jsonb_typeof(l.evidence #> '{template,classification,cve-id}') = 'string'
          THEN l.evidence #>> '{template,classification,cve-id}' END, ',')) WITH ORDINALITY z(s, n)
    ) t
  ) c
  WHERE c.id ~ '^CVE-\d{4}-\d{4,19}$'
), firsts AS (
  SELECT "issueId", id, min(n) AS n FROM named GROUP BY "issueId", id
), lists AS (
  SELECT "issueId", (array_agg(id ORDER BY n))[1:100] AS cves FROM firsts GROUP BY "issueId"
)
UPDATE "Issue" i SET cves = l.cves::varchar(30)[] FROM lists l WHERE i.id = l."issueId";
