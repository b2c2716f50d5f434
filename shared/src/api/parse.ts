/**
 * Some legacy responses wrap their JSON in extra text (a PHP notice, a BOM, 'OK{...}').
 * Parse the body as JSON, else scan for the first balanced JSON object inside it.
 */
export function parseLooseJson(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // scan below
  }
  for (let start = trimmed.indexOf('{'); start !== -1; start = trimmed.indexOf('{', start + 1)) {
    const end = matchingBrace(trimmed, start);
    if (end === -1) continue;
    try {
      return JSON.parse(trimmed.slice(start, end + 1));
    } catch {
      // try the next '{'
    }
  }
  throw new SyntaxError('No JSON object in response');
}

function matchingBrace(s: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
