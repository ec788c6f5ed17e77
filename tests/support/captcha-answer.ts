// The answer to the no-JavaScript captcha question (app/captcha/captcha.server.ts's QUESTION_KINDS),
// as a script written for these questions would find it: decision 0255 says why that is accepted.
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];

function numbersIn(question: string): number[] {
  return question
    .toLowerCase()
    .split(/[^a-z]+/)
    .map((word) => WORDS.indexOf(word))
    .filter((n) => n >= 0);
}

export function answerQuestion(question: string): string {
  const n = numbersIn(question);
  if (/ plus |^add /i.test(question)) return String(n[0] + n[1]);
  if (/ take away /.test(question)) return String(n[0] - n[1]);
  if (/^take /i.test(question)) return String(n[1] - n[0]);
  if (/legs|paws/.test(question)) return String(n[0] * 4);
  if (/comes after/.test(question)) return String(n[0] + 1);
  if (/comes just before/.test(question)) return String(n[0] - 1);
  if (/largest/.test(question)) return String(Math.max(...n));
  throw new Error(`not a captcha question: ${question}`);
}

/** The question inside a page's HTML (its label ends "Answer in digits."). */
export const QUESTION_IN_HTML = /<label[^>]*>([^<]*Answer in digits\.)<\/label>/;
