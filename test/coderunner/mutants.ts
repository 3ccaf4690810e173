/**
 * Mutants of a question's own answer, each one small change a student makes: an off-by-one, a missing newline,
 * spaces too many, a word in the wrong case. A mutation that finds nothing to change is not made.
 */
export interface Mutant {
  name: string;
  code: string;
}

/** The first of these that changes the answer is its off-by-one. */
const OFF_BY_ONE: ((code: string) => string)[] = [
  // A loop that runs once too often.
  (code) => code.replace(/(for \([^;]*;[^;<]*)<(?!=)/, '$1<='),
  // A result one too big (not main's status: Jobe ignores it).
  (code) => code.replace(/return (?!0;)([^;]+);/, 'return ($1) + 1;'),
  (code) => code.replace(/> 0\)/, '> 1)'),
];

const MUTATIONS: { name: string; apply: (code: string) => string }[] = [
  {
    name: 'an off-by-one',
    apply: (code) => OFF_BY_ONE.map((mutate) => mutate(code)).find((mutated) => mutated !== code) ?? code,
  },
  { name: 'a missing newline', apply: (code) => code.replace(/\\n"/, '"') },
  { name: 'spaces at a line end', apply: (code) => code.replace(/\\n"/, '  \\n"') },
  { name: 'spaces doubled inside', apply: (code) => code.replace(/printf\("([^"]*?) /, 'printf("$1  ') },
  {
    name: 'a word in the wrong case',
    apply: (code) =>
      code.replace(/(printf\("[^"]*?)(?<![%\\])\b([a-z]{2,})/i, (_, head: string, word: string) => {
        const flipped = word === word.toUpperCase() ? word.toLowerCase() : word.toUpperCase();
        return `${head}${flipped}`;
      }),
  },
];

export function mutantsOf(answer: string): Mutant[] {
  return MUTATIONS.map(({ name, apply }) => ({ name, code: apply(answer) })).filter(({ code }) => code !== answer);
}
