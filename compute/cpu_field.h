// A request's field on the CPU, for every site set, with no GL: the one path that the CPU
// backend, the subgrid's CPU worker, render's raw outputs, the tiles and the C API compute
// through. A request of one point takes the one-point rows (cpu_rows.h, the point as the
// reference: the fast path); several points the nearest-site search (nearest_centre.h); lines
// and polygons the arc trees' (shape_field.h, signed inside polygons when r.signed_inside).
// Callers never branch on which.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "compute/nearest_centre.h"
#include "field_range.h"
#include "host_field.h"
#include "sites.h"
#include "subgrid.h"

namespace geofield {

// What no backend computes with these sites, as one line naming --centres or --sites
// (UsageError): no sites, too many points, lines or polygons with the wgs84 formula, or several
// sites with the seed formula, which is not a distance (no site is nearest by it). One point is
// the one-point field, which computes every formula.
void check_sites(const FieldRequest& r);

// Subgrid w of r's field into values (w.nx * w.ny, row 0 north) on all cores and, when index is
// not null, each node's nearest site into index: 0 everywhere for one point; for several the
// lowest of those that tie, -1 off a projected map. Bit for bit the whole field's there (tiles
// mosaic into the whole render). r validated (check, check_sites); throws RuntimeFailure when w
// is not inside the grid.
template <typename T>
void compute_request_subgrid_on_cpu(const FieldRequest& r, const Subgrid& w, T* values,
                                    std::int32_t* index);

// The same a block of rows at a time, each block handed to emit (first row counted in the
// subgrid, whole rows of w.nx values and as many indices) as soon as it is filled, from all cores
// at once and in no particular order; the whole field is never in memory. The first exception
// from emit stops the others and is rethrown here (a worker's cancel).
template <typename T>
void compute_request_subgrid_blocks_on_cpu(const FieldRequest& r, const Subgrid& w,
                                           const EmitNearestRows<T>& emit);

// A request's field in host memory: f32 always (what a texture shows), f64 as well when
// params.precision is f64, and the index where it says more than "site 0 everywhere" (several
// sites; empty for one point).
struct CpuField {
  FieldRequest request;
  std::vector<float> f32;
  std::vector<double> f64;
  std::vector<std::int32_t> index;

  int nx() const { return request.params.nx; }
  int ny() const { return request.params.ny; }
  // The field as float32 or float64 (f64 widens the floats when the compute was in float).
  HostField as(Precision p) const;
  // The same, the storage moved out (a 16384² field is a GiB): this field is empty after.
  HostField take(Precision p);
  // Every node's nearest site (nx * ny, row 0 north): the index, or 0s for one point.
  std::vector<std::int32_t> index_or_zeros() const;
  // The field's smallest and largest value: exact from the view for one point (field_range),
  // the values' own for several sites (their field has no closed form).
  ValueRange range() const;
};

// Computes r into *out (its vectors reused), a block of rows at a time; rows_done(n) is called
// after each block of n rows, from any core (it may throw to stop the compute: the exception
// is rethrown here and *out is left partly filled).
void compute_cpu_field(const FieldRequest& r, CpuField* out,
                       const std::function<void(int rows)>& rows_done = {});

}  // namespace geofield
