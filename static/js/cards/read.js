/* Cards typed in a text field, read with the server's rules (read_cards in companion/kernel/cards.py) from the
 * description it generates (description.js: `manage.py card_description`): the words and the compact tokens
 * are the server's own lists, not a second set of rules. Codes (KH), the French display (R♥), words in French
 * or English ("roi de cœur", "dame pique", "king of hearts"), mixed freely; each stretch that reads as no card is
 * one item, so it shows as one chip, as the server gives one message for it. */
import D from "./description.js";

const IGNORED = new RegExp(D.ignored, "g");
const MARKS = new RegExp(D.suitMarks, "g");
const MARK = new RegExp(`^${D.suitMarks}$`);
const SEPARATORS = new RegExp(D.separators);
const own = (table, key) => Object.prototype.hasOwnProperty.call(table, key);

/* A typed word as compared: lower case, no accent, œ as oe (so "Cœur", "coeur" and "COEUR" are alike). */
function fold(word) {
  return word.toLowerCase().replace(/œ/g, "oe").normalize("NFD").replace(/\p{M}/gu, "");
}

/* A compact token (KH, 10d, RS, ASH, T21, Joker) as the server reads it: its card's code, or null. */
export function readToken(token) {
  const up = token.replace(IGNORED, "").trim().toUpperCase();
  return own(D.tokens, up) ? D.tokens[up] : null;
}

/* The items of a typed hand, in order: {code} for a card, {bad: "as typed"} for a stretch that is none. */
export function readCards(text) {
  const pieces = text.replace(IGNORED, "").replace(MARKS, " $1 ").split(SEPARATORS).filter(Boolean);
  const words = pieces.map(fold);
  const out = [];
  let bad = [];
  const at = (i) => {
    if (D.jokerWords.includes(words[i])) return ["JK", 1];
    const rank = own(D.rankWords, words[i]) ? D.rankWords[words[i]] : null;
    if (rank && i + 1 < words.length) {
      const j = D.ofWords.includes(words[i + 1]) && i + 2 < words.length ? i + 2 : i + 1;
      if (own(D.suitWords, words[j])) return [rank + D.suitWords[words[j]], j - i + 1];
    }
    if (own(D.suitWords, words[i])) return null;
    const code = readToken(pieces[i]);
    return code ? [code, 1] : null;
  };
  const flush = () => {
    if (!bad.length) return;
    // A suit symbol stays against the word before it ("D♠"), as it was typed.
    out.push({bad: bad.map((p) => (MARK.test(p) ? p : " " + p)).join("").trim()});
    bad = [];
  };
  for (let i = 0; i < pieces.length;) {
    const found = at(i);
    if (!found) { bad.push(pieces[i]); i += 1; continue; }
    flush();
    out.push({code: found[0]});
    i += found[1];
  }
  flush();
  return out;
}

/* A card as players write it, in the page's language ("V♥", "J♥" in English, "Joker"): what the picker writes
 * in the field, read back as the same card. */
export function label(code, lang = document.documentElement.lang || "fr") {
  const labels = D.labels[String(lang).toLowerCase().startsWith("en") ? "en" : "fr"];
  return own(labels, code) ? labels[code] : code;
}

/* Whether the card is of a red suit (hearts, diamonds); no other card's code ends with their letters. */
export function isRed(code) {
  return D.red.includes(code.slice(-1));
}
