// Converts world-atlas's Natural Earth TopoJSON into geofield's line pack, at build time:
//   node make_coastlines.js NODE_MODULES SHA256SUMS OUT.bin
// topojson-client decodes the topology; coastlines are the land outlines (mesh of `land`),
// borders the arcs two countries share (mesh of `countries` with a != b), so no coastline is
// drawn twice. The inputs are checked against the pinned SHA256SUMS before anything is read.
//
// The pack (little-endian, every field 4-byte aligned so it is read in place):
//   "GFLINES1", u32 version (1), u32 layer count, then per layer 6 x u32:
//   kind (0 coastlines, 1 borders), scale (110, 50, 10: Natural Earth's 1:N million),
//   polyline count, point count, byte offset of the polylines' first-point indices
//   (count + 1 of them, the last = point count), byte offset of the float32 (lon, lat) pairs.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const [modulesArg, sumsFile, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error('usage: node make_coastlines.js NODE_MODULES SHA256SUMS OUT.bin');
  process.exit(2);
}
const modules = path.resolve(modulesArg);
const topojson = require(path.join(modules, 'topojson-client'));
const atlas = path.join(modules, 'world-atlas');

// Pinned checksums: a changed input fails the build instead of changing the map.
const pinned = new Map();
for (const line of fs.readFileSync(sumsFile, 'utf8').split('\n')) {
  const m = line.match(/^([0-9a-f]{64})\s+(\S+)$/);
  if (m) pinned.set(m[2], m[1]);
}
function readPinned(name) {
  const bytes = fs.readFileSync(path.join(atlas, name));
  const sum = crypto.createHash('sha256').update(bytes).digest('hex');
  if (pinned.get(name) !== sum) {
    throw new Error(`${name}: sha256 ${sum} is not the pinned ${pinned.get(name)} (${sumsFile})`);
  }
  return bytes;
}
readPinned('LICENSE');

// Natural Earth cuts polygons at the antimeridian and closes them along it, and world-atlas
// clips Antarctica at its southern edge: those edges are not coasts or borders.
const kEdgeEps = 1e-6;
function artificial(a, b, latMin) {
  const onMeridian = Math.abs(Math.abs(a[0]) - 180) < kEdgeEps && Math.abs(Math.abs(b[0]) - 180) < kEdgeEps;
  const onBottom = Math.abs(a[1] - latMin) < kEdgeEps && Math.abs(b[1] - latMin) < kEdgeEps;
  return onMeridian || onBottom;
}

// MultiLineString -> polylines of >= 2 points, split at artificial edges and at jumps across
// the antimeridian (a segment never spans more than half the circle).
function polylines(mesh, latMin) {
  const out = [];
  for (const line of mesh.coordinates) {
    let cur = [];
    for (let k = 0; k < line.length; ++k) {
      const p = line[k];
      if (cur.length > 0) {
        const q = cur[cur.length - 1];
        if (artificial(q, p, latMin) || Math.abs(p[0] - q[0]) > 180) {
          if (cur.length >= 2) out.push(cur);
          cur = [];
        }
      }
      cur.push(p);
    }
    if (cur.length >= 2) out.push(cur);
  }
  return out;
}

function layer(kind, scale, file, object, filter) {
  const topo = JSON.parse(readPinned(file).toString('utf8'));
  const latMin = topo.bbox[1];
  const mesh = topojson.mesh(topo, topo.objects[object], filter);
  return {kind, scale, lines: polylines(mesh, latMin)};
}

const layers = [];
for (const scale of [110, 50, 10]) {
  layers.push(layer(0, scale, `land-${scale}m.json`, 'land'));
  layers.push(layer(1, scale, `countries-${scale}m.json`, 'countries', (a, b) => a !== b));
}

const headerBytes = 16 + layers.length * 24;
let size = headerBytes;
for (const l of layers) {
  l.points = l.lines.reduce((n, line) => n + line.length, 0);
  l.startsOffset = size;
  size += (l.lines.length + 1) * 4;
  l.pointsOffset = size;
  size += l.points * 8;
}
const buf = Buffer.alloc(size);
buf.write('GFLINES1', 0, 'latin1');
buf.writeUInt32LE(1, 8);
buf.writeUInt32LE(layers.length, 12);
layers.forEach((l, i) => {
  const h = 16 + i * 24;
  [l.kind, l.scale, l.lines.length, l.points, l.startsOffset, l.pointsOffset].forEach((v, k) =>
    buf.writeUInt32LE(v, h + k * 4));
  let point = 0;
  l.lines.forEach((line, n) => {
    buf.writeUInt32LE(point, l.startsOffset + n * 4);
    for (const [lon, lat] of line) {
      buf.writeFloatLE(lon, l.pointsOffset + point * 8);
      buf.writeFloatLE(lat, l.pointsOffset + point * 8 + 4);
      ++point;
    }
  });
  buf.writeUInt32LE(point, l.startsOffset + l.lines.length * 4);
  const name = `${l.kind ? 'borders' : 'coastlines'} ${l.scale}m`;
  console.log(`geofield: ${name}: ${l.lines.length} polylines, ${l.points} points`);
});
fs.writeFileSync(outFile + '.tmp', buf);
fs.renameSync(outFile + '.tmp', outFile);
