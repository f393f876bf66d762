// The ceiling: a kernel that only stores into the same kind of texture geofield draws (GL_R32F,
// registered with CUDA, written through surf2Dwrite), same size. Its time is the write
// bandwidth this GPU gives; every geofield row is compared with it. Also measured here: the
// same stores into linear device memory, and what mapping and unmapping the registered texture
// costs per recompute with and without the kernel.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "gl/field_texture.h"
#include "timing.h"

namespace geofield::bench {

struct CeilingResult {
  Stats texture_store;  // the best block shape, texture mapped once, kernel alone (events)
  std::string best_block;
  std::vector<std::pair<std::string, Stats>> by_block;
  Stats linear_store;            // the same stores into cudaMalloc'd memory (events)
  Stats map_store_unmap_wall;    // map, surface, kernel, unmap, stream sync (steady clock)
  Stats map_store_unmap_events;  // the same between events recorded before map and after unmap
  Stats map_unmap_wall;          // map + unmap with no kernel, default map flags
  Stats map_unmap_write_discard_wall;  // map + unmap, cudaGraphicsMapFlagsWriteDiscard
};

// Needs a current GL context on the CUDA device; `texture` is made nx x ny.
CeilingResult run_ceiling(FieldTexture& texture, int nx, int ny);

}  // namespace geofield::bench
