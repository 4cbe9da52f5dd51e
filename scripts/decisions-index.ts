/** `npm run docs:decisions`: writes docs/decisions/README.md, the index of every decision record. */
import fs from 'node:fs';
import { decisionsIndex, INDEX_FILE, readDecisionRecords } from './lib/decisions-index.ts';

const records = readDecisionRecords();
fs.writeFileSync(INDEX_FILE, decisionsIndex(records));
console.log(`docs/decisions/README.md: ${records.length} records indexed`);
