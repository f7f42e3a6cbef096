// Counted nouns for people: "1 slot", "3 slots", "1,200 assets". One helper on Intl.PluralRules, so no view adds its
// own "s" (and "0 slots", not "0 slot").
const rules = new Intl.PluralRules("en");
const numbers = new Intl.NumberFormat("en");

/** `count` and the noun in the form the count takes; `many` defaults to `one` + "s". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${numbers.format(count)} ${rules.select(count) === "one" ? one : many}`;
}
