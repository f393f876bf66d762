// The data files a pack is made from (make_coastlines.js, make_places.js), each checked against
// a SHA256SUMS file before anything reads it: a changed input fails the build instead of
// changing the pack.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

// A reader of the files under root that sumsFile pins ("SHA256  NAME" lines, NAME relative to
// root): returns a file's bytes, or throws when its sha256 is not the pinned one.
function pinnedReader(sumsFile, root) {
  const pinned = new Map();
  for (const line of fs.readFileSync(sumsFile, 'utf8').split('\n')) {
    const m = line.match(/^([0-9a-f]{64})\s+(\S+)$/);
    if (m) pinned.set(m[2], m[1]);
  }
  return (name) => {
    const bytes = fs.readFileSync(path.join(root, name));
    const sum = crypto.createHash('sha256').update(bytes).digest('hex');
    if (pinned.get(name) !== sum) {
      throw new Error(`${name}: sha256 ${sum} is not the pinned ${pinned.get(name)} (${sumsFile})`);
    }
    return bytes;
  };
}

module.exports = {pinnedReader};
