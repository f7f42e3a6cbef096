import { describe, expect, it } from "vitest";
import { evaluateDsl, type Variables } from "./eval.ts";
import { helperProblem } from "./functions.ts";
import { DslError } from "./parse.ts";

const ev = (text: string, vars: Variables = {}) => evaluateDsl(text, vars);

describe("the expression language (govaluate's semantics)", () => {
  it("operators, precedence, numbers as floats, string concatenation", () => {
    expect(ev("status_code == 200 && !(size < 10)", { status_code: 200, size: 12 })).toBe(true);
    expect(ev("1 + 2 * 3 == 7 && 2 ** 3 == 8 && 7 % 4 == 3 && -2 < 0")).toBe(true);
    expect(ev("'a' + 1 + 2")).toBe("a12");
    expect(ev('"200" == 200')).toBe(false);
    expect(ev("x ? 'yes' : 'no'", { x: false })).toBe("no");
    expect(ev("(6 & 3) == 2 && (6 | 1) == 7 && (1 << 4) == 16")).toBe(true);
    expect(ev("'abc' =~ '^a.c$' && 'abc' !~ '(?i)C$'")).toBe(false);
    expect(ev("'abc' =~ '(?i)B'")).toBe(true);
    expect(ev("(nil ?? 'x') == 'x' && 'b' > 'a'")).toBe(true);
  });

  it("errors (that make a matcher fail) for missing variables and type mismatches", () => {
    expect(() => ev("missing == 1")).toThrow(DslError);
    expect(() => ev("1 && true")).toThrow(/boolean/);
    expect(() => ev("unknown_fn(1)")).toThrow(/not supported/);
    expect(() => ev("contains('a')")).toThrow(/takes 2 arguments/);
    expect(() => ev("a ===")).toThrow(DslError);
  });

  it("bytes (a binary body) stay bytes for hashes and encodings, and read as text elsewhere", () => {
    const body = Buffer.from([0xff, 0x00, 0x41]);
    expect(ev("hex_encode(body)", { body })).toBe("ff0041");
    expect(ev("len(body)", { body })).toBe(3);
    expect(ev("base64(hex_decode('fffe'))")).toBe("//4=");
    expect(ev("contains(base64_decode('aGVsbG8gd29ybGQ='), 'world')")).toBe(true);
  });
});

describe("helper functions", () => {
  it("strings", () => {
    const vars = { body: "Hello World\nline two", h: "  padded  " };
    expect(ev("contains_all(body, 'Hello', 'two') && !contains_any(body, 'x', 'y')", vars)).toBe(true);
    expect(ev("starts_with(body, 'No', 'Hell') && ends_with(body, 'two')", vars)).toBe(true);
    expect(ev("line_starts_with(body, 'line') && line_ends_with(body, 'World')", vars)).toBe(true);
    expect(ev("to_upper(trim_space(h)) + tolower('AB')", vars)).toBe("PADDEDab");
    expect(ev("trim('xxhixx', 'x') + trim_left('xxhi', 'x') + trim_right('hixx', 'x')")).toBe("hihihi");
    expect(ev("trim_prefix('prefix-a', 'prefix-') + trim_suffix('b.txt', '.txt')")).toBe("ab");
    expect(ev("replace('a-b-c', '-', '+') + replace_regex('v1.2.3', '(\\\\d+)\\\\.(\\\\d+)', '${2}.${1}')")).toBe(
      "a+b+cv2.1.3",
    );
    expect(ev("reverse('abc') + repeat('ab', 2) + concat('x', 1, true) + join('/', 'a', 'b')")).toBe(
      "cbaababx1truea/b",
    );
    expect(ev("split('a,b,c', ',')")).toEqual(["a", "b", "c"]);
    expect(ev("split('a,b,c', ',', 2)")).toEqual(["a", "b,c"]);
    expect(ev("substr('abcdef', 1, 3) + remove_bad_chars('a.b;c', '.;')")).toBe("bcabc");
    expect(ev("regex('^H.*d$', 'Hello World') && regex_any('z', 'a', 'xyz') && !regex_all('a', 'a', 'b')")).toBe(true);
    expect(ev("equals_any(s, 'x', 'y')", { s: "y" })).toBe(true);
  });

  it("encodings and hashes with the reference values", () => {
    // Python's base64.encodebytes: a newline every 76 characters and at the end.
    expect(ev("base64_py(s)", { s: "a".repeat(60) })).toBe(`${"YWFh".repeat(19)}\n${"YWFh".repeat(1)}\n`);
    // MurmurHash3 x86 32-bit, seed 0, as a signed decimal (Shodan's favicon hash): mmh3.hash("hello") = 613153351.
    expect(ev("mmh3('hello')")).toBe("613153351");
    expect(ev("md5('abc')")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(ev("sha1('abc')")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
    expect(ev("sha256('abc')")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(ev("hmac('sha256', 'data', 'key')")).toBe(
      "5031fe3d989c6d1537a013fa6e739da23463fdaec3b70137d828e36ace221bd0",
    );
    expect(ev("url_encode('a b&c/é')")).toBe("a+b%26c%2F%C3%A9");
    expect(ev("url_decode('a+b%26c')")).toBe("a b&c");
    expect(ev("html_escape('<a href=\"x\">') + html_unescape('&lt;&amp;&#39;')")).toBe("&lt;a href=&#34;x&#34;&gt;<&'");
    expect(ev("gzip_decode(gzip('round trip')) + inflate(deflate('!')) + zlib_decode(zlib('?'))")).toBe("round trip!?");
    expect(ev("hex_decode('414243') == 'ABC' && base64('ABC') == 'QUJD'")).toBe(true);
    expect(ev("sha512('abc')")).toMatch(/^ddaf35a193617aba/);
    expect(ev(`json_minify('{ "a" : [1, 2] }') + json_prettify('{"a":1}')`)).toBe('{"a":[1,2]}{\n    "a": 1\n}');
    expect(ev("print_debug('x') == nil")).toBe(true);
  });

  it("numbers, versions, time, JWT, random values", () => {
    expect(ev("to_number('42') + 1")).toBe(43);
    expect(
      ev("to_string(4.5) + dec_to_hex(255) + to_string(hex_to_dec('ff') + oct_to_dec('17') + bin_to_dec('11'))"),
    ).toBe("4.5ff273");
    expect(ev("compare_versions('5.8.1', '< 5.9', '>= 5.8')")).toBe(true);
    expect(ev("compare_versions('v2.4', '< 2.4.1, > 2.0')")).toBe(true);
    expect(ev("compare_versions('2.4.1', '< 2.4.1')")).toBe(false);
    expect(ev("compare_versions('1.4.7', '~> 1.4')")).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs((ev("unix_time()") as number) - now)).toBeLessThan(3);
    expect(ev("to_unix_time('2024-01-02T00:00:00Z')")).toBe(1704153600);
    const jwt = ev(`generate_jwt('{"sub":"admin"}', 'HS256', 'secret')`) as string;
    expect(jwt).toBe(
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiJ9.PGnRccPTXeaxA8nzfytWewWRkizJa_ihI_3H6ec-Zbw",
    );
    expect(ev("len(rand_text_alpha(12, 'abc')) == 12 && regex('^[0-9]{5}$', rand_text_numeric(5))")).toBe(true);
    expect(ev("regex('^[xy]{4}$', rand_base(4, 'xy')) && len(rand_char()) == 1")).toBe(true);
    const n = ev("rand_int(10, 20)") as number;
    expect(n >= 10 && n < 20).toBe(true);
  });

  it("names what it refuses, and why", () => {
    expect(helperProblem("contains", 2)).toBeNull();
    expect(helperProblem("resolve", 1)).toMatch(
      /resolve\(\) is not supported \(it resolves names outside our resolver/,
    );
    expect(helperProblem("aes_gcm", 3)).toBe("the DSL function aes_gcm() is not supported");
    expect(helperProblem("concat", 0)).toMatch(/takes 1 to any number of arguments/);
  });
});
