/**
 * Writes docs/clients.md's list of the original backend's routes from their declaration in the
 * contract (shared/src/contract/referenceDoc.ts), formatted as the repository formats Markdown.
 *   npm run docs:clients
 */
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { withReference } from '@matka/shared/contract/referenceDoc';

async function main() {
  const file = path.join(__dirname, '..', 'docs', 'clients.md');
  const options = await prettier.resolveConfig(file);
  const doc = withReference(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, await prettier.format(doc, { ...options, filepath: file }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

void main();
