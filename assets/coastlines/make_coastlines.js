// Converts world-atlas's Natural Earth TopoJSON into geofield's line pack, at build time:
//   node make_coastlines.js NODE_MODULES SHA256SUMS OUT.bin
// topojson-client decodes the topology; coastlines are the land outlines (mesh of `land`),
// borders the arcs two countries share (mesh of `countries` with a != b), so no coastline is
// drawn twice. Land is the `land` polygons with Natural Earth's cuts along the antimeridian and
// at the south pole removed (d3-geo-projection's geoStitch), so that each landmass is one
// polygon of the sphere (Antarctica about its pole, Chukotka joined to Russia): the rings of
// the `@land` sites, each closed (its first point repeated last) and wound with the land on its
// left (outer rings about the smaller region they bound, holes such as the Caspian the other
// way). The inputs are checked against the pinned SHA256SUMS before anything is read.
//
// The pack (little-endian, every field 4-byte aligned so it is read in place):
//   "GFLINES1", u32 version (1), u32 layer count, then per layer 6 x u32:
//   kind (0 coastlines, 1 borders, 2 land rings), scale (110, 50, 10: Natural Earth's 1:N million),
//   polyline count, point count, byte offset of the polylines' first-point indices
//   (count + 1 of them, the last = point count), byte offset of the float32 (lon, lat) pairs.
'use strict';
const fs = require('fs');
const path = require('path');
const {pinnedReader} = require('../pinned_inputs.js');

const [modulesArg, sumsFile, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error('usage: node make_coastlines.js NODE_MODULES SHA256SUMS OUT.bin');
  process.exit(2);
}
const modules = path.resolve(modulesArg);
const topojson = require(path.join(modules, 'topojson-client'));
const atlas = path.join(modules, 'world-atlas');

// Pinned checksums: a changed input fails the build instead of changing the map.
const readPinned = pinnedReader(sumsFile, atlas);
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

// Two points are one place on the sphere: equal, or on the antimeridian (-180 and 180) at one
// latitude, or both at one pole.
function samePlace(a, b) {
  if (a[1] !== b[1]) return false;
  return a[0] === b[0] || (Math.abs(a[0]) === 180 && Math.abs(b[0]) === 180) || Math.abs(a[1]) === 90;
}

// A ring (closed: its first point repeated last) without repeated points and without spikes
// (a point the ring goes to and straight back from: A, B, A): quantised small islands come as
// such zero-area slivers, and a spike's turn is +-pi either way, which would spoil the ring's
// winding. Returns the open ring (first point not repeated); fewer than 3 points: no area.
function cleanRing(ring) {
  let r = [];
  for (const p of ring) if (r.length === 0 || !samePlace(r[r.length - 1], p)) r.push(p);
  while (r.length > 1 && samePlace(r[0], r[r.length - 1])) r.pop();
  for (let changed = true; changed && r.length >= 3;) {
    changed = false;
    for (let k = 0; k < r.length && r.length >= 3; ++k) {
      const n = r.length, prev = r[(k + n - 1) % n], next = r[(k + 1) % n];
      if (samePlace(prev, next)) {
        // Drop the spike's tip and the return to its base.
        const drop = [k, (k + 1) % n].sort((a, b) => b - a);
        for (const d of drop) r.splice(d, 1);
        changed = true;
        break;
      }
    }
  }
  return r;
}

// Land rings, land on the left. d3 measures a ring's area by its winding (clockwise seen from
// outside encloses the region on its right, d3's exterior convention); a ring wound the other
// way measures the rest of the sphere. So: each ring wound to enclose its smaller region on
// its right, then outer rings reversed (land to the left) and holes kept (their water on the
// right, land on the left).
function landLayer(scale, geoStitch, geoArea) {
  const topo = JSON.parse(readPinned(`land-${scale}m.json`).toString('utf8'));
  const land = topojson.feature(topo, topo.objects.land);
  const geometry = land.type === 'FeatureCollection' ? land.features[0].geometry : land.geometry;
  // The 1:50m data closes Antarctica along latitude -89.999 (and adds a sliver about the pole
  // there): snapped to the pole, geoStitch sees that cut too.
  const snapped = {
    type: geometry.type,
    coordinates: geometry.coordinates.map((polygon) =>
      polygon.map((ring) => ring.map(([lon, lat]) => [lon, lat < -89.99 ? -90 : lat]))),
  };
  const stitched = geoStitch(snapped);
  const polygons = stitched.type === 'Polygon' ? [stitched.coordinates] : stitched.coordinates;
  const lines = [];
  for (const polygon of polygons) {
    polygon.forEach((ring, k) => {
      const open = cleanRing(ring);
      if (open.length < 3) return;  // no area
      let r = [...open, open[0]];
      if (geoArea({type: 'Polygon', coordinates: [r]}) > 2 * Math.PI) r.reverse();
      if (k === 0) r.reverse();
      lines.push(r);
    });
  }
  return {kind: 2, scale, lines};
}

async function main() {
  // d3's modules are ECMAScript modules: imported, not required.
  const {geoStitch} = await import(path.join(modules, 'd3-geo-projection', 'src', 'index.js'));
  const {geoArea} = await import(path.join(modules, 'd3-geo', 'dist', 'd3-geo.mjs'));
  const layers = [];
  for (const scale of [110, 50, 10]) {
    layers.push(layer(0, scale, `land-${scale}m.json`, 'land'));
    layers.push(layer(1, scale, `countries-${scale}m.json`, 'countries', (a, b) => a !== b));
    layers.push(landLayer(scale, geoStitch, geoArea));
  }
  writePack(layers);
}

function writePack(layers) {
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
    const name = `${['coastlines', 'borders', 'land'][l.kind]} ${l.scale}m`;
    console.log(`geofield: ${name}: ${l.lines.length} polylines, ${l.points} points`);
  });
  fs.writeFileSync(outFile + '.tmp', buf);
  fs.renameSync(outFile + '.tmp', outFile);
}

main().catch((e) => {
  console.error(`make_coastlines.js: ${e.stack || e}`);
  process.exit(1);
});
