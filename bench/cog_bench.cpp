// The Cloud-Optimised GeoTIFF writer (export/geotiff_cog.cpp) on its own: the distance field
// of `render --lat -60:60 --lon -180:180 --size NxN` (CPU backend, outside the timing) written
// as a COG, float32 then float64, with where the time goes. Not a test: bench/RESULTS.md
// records it.
//
// Usage: cog_bench [SIDE [REPEATS [FILE]]]   (defaults 4096, 5, /dev/shm/cog_bench.tif; put FILE
// on tmpfs to time the writer, not the disk). One warm-up write, then REPEATS writes; the
// median write by wall time is printed with its phases (CPU seconds, summed over threads).
#include <sched.h>
#include <sys/stat.h>
#include <tiffio.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "compute/subgrid_field.h"
#include "export/geotiff_cog.h"
#include "field_params.h"

namespace {

using geofield::CogPhaseSeconds;

// One COG write of `values`; false (with libtiff's message on stderr) on failure.
bool write_once(const std::string& path, const geofield::HostField& f, CogPhaseSeconds* seconds) {
  GeofieldGeotiffRaster r{};
  r.nx = f.nx;
  r.ny = f.ny;
  const bool f64 = f.precision == geofield::Precision::f64;
  r.sample = f64 ? GEOFIELD_GEOTIFF_FLOAT64 : GEOFIELD_GEOTIFF_FLOAT32;
  r.values = f64 ? static_cast<const void*>(f.f64.data()) : f.f32.data();
  r.cog = 1;
  const std::uint64_t bytes = std::uint64_t(f.nx) * f.ny * (f64 ? 8 : 4);
  TIFF* tif = TIFFOpen(path.c_str(), bytes > (std::uint64_t{3} << 30) ? "w8" : "w");
  if (tif == nullptr) return false;
  const bool ok = geofield::write_cog(
      tif, r, [](TIFF*, int) { return true; }, seconds);
  TIFFClose(tif);
  return ok;
}

// The median write of `repeats` (after one warm-up) by wall time.
bool bench(const std::string& path, const geofield::HostField& f, int repeats) {
  CogPhaseSeconds warm;
  if (!write_once(path, f, &warm)) return false;
  std::vector<CogPhaseSeconds> runs(static_cast<size_t>(repeats));
  for (CogPhaseSeconds& s : runs) {
    if (!write_once(path, f, &s)) return false;
  }
  std::sort(runs.begin(), runs.end(),
            [](const CogPhaseSeconds& a, const CogPhaseSeconds& b) { return a.wall < b.wall; });
  const CogPhaseSeconds& m = runs[runs.size() / 2];
  struct stat st {};
  ::stat(path.c_str(), &st);
  const bool f64 = f.precision == geofield::Precision::f64;
  const double gb = double(f.nx) * f.ny * (f64 ? 8 : 4) / 1e9;
  std::printf(
      "%s %dx%d: wall %.3f s (min %.3f, max %.3f) = %.3f GB/s of values; file %.1f MB\n"
      "  CPU seconds: pyramid %.3f, predictor %.3f, deflate %.3f, write %.3f (%.2f cores busy)\n",
      f64 ? "float64" : "float32", f.nx, f.ny, m.wall, runs.front().wall, runs.back().wall,
      gb / m.wall, double(st.st_size) / 1e6, m.pyramid, m.predictor, m.deflate, m.write,
      (m.pyramid + m.predictor + m.deflate + m.write) / m.wall);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 4096;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::string path = argc > 3 ? argv[3] : "/dev/shm/cog_bench.tif";
  if (side < 2 || repeats < 1) {
    std::fprintf(stderr, "usage: cog_bench [SIDE >= 2 [REPEATS >= 1 [FILE]]]\n");
    return 2;
  }
  geofield::FieldParams p;
  p.lat_min_deg = -60;
  p.lat_max_deg = 60;
  p.lon_min_deg = -180;
  p.lon_max_deg = 180;
  p.nx = p.ny = side;
  cpu_set_t mask;
  CPU_ZERO(&mask);
  const int affinity = ::sched_getaffinity(0, sizeof mask, &mask) == 0 ? CPU_COUNT(&mask) : -1;
  std::printf("cores: %u online, %d in this process's affinity\n",
              std::thread::hardware_concurrency(), affinity);
  bool ok = true;
  for (geofield::Precision precision : {geofield::Precision::f32, geofield::Precision::f64}) {
    p.precision = precision;
    const geofield::HostField f =
        geofield::compute_subgrid_on_cpu_host(p, geofield::whole_grid(side, side), precision);
    ok = ok && bench(path, f, repeats);
  }
  ::unlink(path.c_str());
  return ok ? 0 : 1;
}
