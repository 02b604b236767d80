/**
 * Text as jsPDF's standard fonts can print it. They speak WinAnsi (Latin-1 and a few typographic signs):
 * given one character outside it, jsPDF writes the whole string as UTF-16 and the page shows it spaced
 * out and garbled ('Café ☕ Centro', 'Łódź'), measured wrong too. A letter with a mark outside WinAnsi
 * loses the mark ('ő' → 'o'), a few letters without one take their look-alike ('Ł' → 'L'), emoji and
 * invisible joiners go, and anything else reads '?'.
 */
const WIN_ANSI_SIGNS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LOOK_ALIKE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', '−': '-', '‐': '-', '‑': '-', '‒': '-' };

const printable = (c: string) => {
  const n = c.codePointAt(0)!;
  return (n >= 0x20 && n < 0x7f) || (n >= 0xa0 && n <= 0xff) || WIN_ANSI_SIGNS.has(c);
};

export function pdfText(text: string): string {
  let out = '';
  let dropped = false;
  for (const c of text) {
    if (printable(c)) out += c;
    else if (/\s/u.test(c)) out += ' ';
    else if (LOOK_ALIKE[c]) out += LOOK_ALIKE[c];
    else {
      const plain = c.normalize('NFKD').replace(/\p{M}/gu, '');
      if (plain && [...plain].every(printable)) out += plain;
      else if (/[\p{Extended_Pictographic}\p{M}\p{Cf}\p{Cc}\u{FE00}-\u{FE0F}\u{1F3FB}-\u{1F3FF}]/u.test(c)) dropped = true;
      else out += '?';
    }
  }
  // 'Café ☕ Centro' is 'Café Centro', not 'Café  Centro'.
  return dropped ? out.replace(/ {2,}/g, ' ').trim() : out;
}
