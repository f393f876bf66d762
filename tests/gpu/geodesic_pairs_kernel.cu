#include "cuda_check.h"
#include "device_memory.h"
#include "geodesic_pairs_kernel.h"

namespace geofield::gpu_test {
namespace {

__global__ void inverse_kernel(GeodesicEllipsoid e, const PointPair* pairs, size_t n,
                               GeodesicInverse* out) {
  const size_t k = blockIdx.x * size_t{blockDim.x} + threadIdx.x;
  if (k >= n) return;
  const PointPair p = pairs[k];
  out[k] = geodesic_inverse_points(e, p.lat1, p.lon1, p.lat2, p.lon2);
}

}  // namespace

std::vector<GeodesicInverse> geodesic_inverse_on_gpu(const GeodesicEllipsoid& e,
                                                     const std::vector<PointPair>& pairs) {
  const size_t n = pairs.size();
  std::vector<GeodesicInverse> out(n);
  if (n == 0) return out;
  DeviceBuffer in_d, out_d;
  in_d.ensure(n * sizeof(PointPair), "the test's point pairs");
  out_d.ensure(n * sizeof(GeodesicInverse), "the test's geodesics");
  GF_CUDA(cudaMemcpy(in_d.get(), pairs.data(), n * sizeof(PointPair), cudaMemcpyHostToDevice));
  constexpr int kBlock = 128;
  inverse_kernel<<<static_cast<unsigned>((n + kBlock - 1) / kBlock), kBlock>>>(
      e, static_cast<const PointPair*>(in_d.get()), n, static_cast<GeodesicInverse*>(out_d.get()));
  GF_CUDA_LAUNCHED("geodesic inverse_kernel");
  GF_CUDA(cudaMemcpy(out.data(), out_d.get(), n * sizeof(GeodesicInverse), cudaMemcpyDeviceToHost));
  return out;
}

}  // namespace geofield::gpu_test
