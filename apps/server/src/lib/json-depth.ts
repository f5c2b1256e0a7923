/**
 * The deepest nesting of objects and arrays a JSON text from a client may have: a request body,
 * or a document uploaded as a file (`notebook/import`). notebook/save is the deepest the product
 * sends: a notebook's outputs sit about 8 levels inside its body.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * True when JSON text nests objects/arrays deeper than `max`: one linear scan of the text that
 * skips strings, before anything recursive (parsing, signing, validation, JSON.stringify) touches
 * it. For text that is not JSON the answer may be either; JSON.parse refuses such text anyway.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}
