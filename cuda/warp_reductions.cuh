// Reductions over the 32 lanes of a warp, every lane taking part and getting the result: the
// nearest-site kernels' and the shape kernel's tile caps (a tile's direction and radius).
#pragma once

namespace geofield {

constexpr unsigned kAllLanes = 0xffffffffu;

__device__ __forceinline__ double warp_max(double v) {
  for (int o = 16; o > 0; o >>= 1) v = fmax(v, __shfl_xor_sync(kAllLanes, v, o));
  return v;
}
__device__ __forceinline__ double warp_min(double v) {
  for (int o = 16; o > 0; o >>= 1) v = fmin(v, __shfl_xor_sync(kAllLanes, v, o));
  return v;
}
__device__ __forceinline__ double warp_sum(double v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(kAllLanes, v, o);
  return v;
}

}  // namespace geofield
