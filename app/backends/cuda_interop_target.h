// What the CUDA backend holds of GL: the field texture's registration with CUDA, kept until GL
// releases that texture (its release hook ends it first, as the interop rules require) or the
// backend goes; and the nearest-site index, a GL_R32I texture of its own, registered with CUDA
// when the kernels write it through a surface (the interop path) and filled by upload on the
// pixel-buffer path. One registration of each texture, whichever kernels write it.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <vector>

#include "backends/interop_texture.h"
#include "gl/field_texture.h"

namespace geofield {

class CudaInteropTarget {
 public:
  explicit CudaInteropTarget(InteropTexture::Options options) : field_(options) {}
  ~CudaInteropTarget();
  CudaInteropTarget(const CudaInteropTarget&) = delete;
  CudaInteropTarget& operator=(const CudaInteropTarget&) = delete;

  // Registers target with CUDA (again after a reallocation) and hooks its release. Throws
  // CudaFailure when CUDA cannot register it (GEOFIELD_TEST_FAULT=interop forces that).
  void follow(FieldTexture& target);
  InteropTexture& field() { return field_; }

  // The index texture made nx x ny (or kept when it is), and registered with CUDA when
  // `registered` (throws CudaFailure as follow).
  void ensure_index(int nx, int ny, bool registered);
  InteropTexture& index() { return index_; }
  GLuint index_texture() const { return index_texture_; }
  // Its texels, nx * ny, row 0 north (GL reads them back).
  std::vector<std::int32_t> read_index() const;

 private:
  void delete_index_texture() noexcept;

  InteropTexture field_, index_;
  FieldTexture* hooked_ = nullptr;  // the texture whose release hook ends field_'s registration
  GLuint index_texture_ = 0;        // GL_R32I
  int index_nx_ = 0, index_ny_ = 0;
  std::uint64_t index_generation_ = 0;
};

}  // namespace geofield
