// The GL backend: the field computed by compute shaders in the GL context that draws it, for
// every site set (field_backend.h), with one set of programs and one compute path. No second
// context, so no switch between contexts: a recompute at 8192² takes 0.12 ms this way against
// 0.41 ms for CUDA handing its texture to GL (docs/interop.md). Float and double, the haversine
// and seed formulas (not wgs84: kGlNoWgs84); its GLSL is a port of core/field_math.h, kept equal
// by tests (field_math.glsl says more). Opt-in (--backend gl): the default stays CUDA.
//
// compute(FieldRequest) chooses inside:
//   one point (r.one_point()): the one-point shaders, its fast path (field_factors.comp and
//     field_combine.comp on latlon grids, field_projected.comp and projection.glsl on aeqd and
//     ortho);
//   several sites: the nearest-site passes (gl_backend_sites.cpp, shaders/centres_*): each
//     site's part of its own field on the grid (prep), coarse and fine tiles' lists of the sites
//     that can win in them (tiles), each node's nearest among its fine tile's list (nodes), the
//     tiles' sides from site_tiling.h. docs/centres.md ("GPU (GL compute)") says why it is
//     exact and what it costs;
//   lines and polygons (r.sites.has_shapes()): one pass (gl_backend_shapes.cpp,
//     shaders/shape_field.comp and arc_tree.glsl) walking the host's arc trees (shape_trees_of),
//     uploaded once a set, node by node in double, as the CPU's shape_field.* does.
// A float64 export of a double field computes it again into a buffer, a block of rows at a time.
#pragma once

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "backends/field_backend.h"
#include "site_tiling.h"

namespace geofield {

struct ShapeTrees;  // compute/shape_trees.h

class GlBackend final : public FieldBackend {
 public:
  // A float64 export is computed into a buffer of at most this many bytes, a block of rows at
  // a time (and at most what GL_MAX_SHADER_STORAGE_BLOCK_SIZE allows).
  static constexpr GLsizeiptr kExportBlockBytes = GLsizeiptr{128} << 20;

  // What the last nearest-site compute's tiles took: the fine and coarse tiles' sides and
  // counts, the pool's ints used, asked for (rounded up to 256 a list) and its capacity, the
  // lists that fell back to their parent's for want of room, and how many times the tile passes
  // ran (more than once when the pool grew).
  struct TileStats {
    int fine_tile = 0, coarse_tile = 0;
    long long fine_tiles = 0, coarse_tiles = 0;
    long long pool_used = 0, pool_wanted = 0, pool_capacity = 0;
    long long lists_without_room = 0;
    int tile_passes = 0;
  };
  // The last nearest-site compute's passes on the device (GL timestamps after each; -1 where a
  // pass did not run), and the host's wait for the pool's counter between the tiles and the
  // nodes (wall ms).
  struct PassTimes {
    double prep = -1, coarse = -1, fine = -1, readback = -1, nodes = -1, total = -1;
    double readback_wall = -1;
  };

  // Needs the current GL context (4.5 core: compute shaders, doubles); throws RuntimeFailure
  // with the compiler's log if its shaders do not build there.
  explicit GlBackend(GLsizeiptr export_block_bytes = kExportBlockBytes);
  ~GlBackend() override;
  GlBackend(const GlBackend&) = delete;
  GlBackend& operator=(const GlBackend&) = delete;

  std::string_view name() const override { return "gl"; }
  bool measures_device_time() const override { return true; }
  void compute(const FieldRequest& r, FieldTexture& target) override;
  using FieldBackend::compute;
  HostField read_field(const FieldTexture& target, Precision as) override;
  std::vector<std::int32_t> read_index() override;
  GLuint index_texture() const override { return sites_last_ || shapes_last_ ? index_texture_ : 0; }
  std::optional<double> last_compute_device_ms() override;

  // The tests' and the benchmark's handles on the nearest-site passes:
  // every site evaluated at every node by the same node shader, instead of the tiles' lists
  // (lines and polygons: every arc, instead of the trees' walk);
  void set_brute_force(bool on) { brute_force_ = on; }
  // a set of one point through the nearest-site passes too, not the one-point shaders;
  void set_one_point_fast_path(bool on) { one_point_fast_path_ = on; }
  // the pool's largest size in bytes (small, to check the fallbacks);
  void set_pool_limit_bytes(GLsizeiptr bytes) { pool_limit_bytes_ = bytes; }
  // the tile passes in chunks of at most this many tile rows (the counter's clamp between);
  void set_max_chunk_rows(int rows) { max_chunk_rows_ = std::max(rows, 1); }
  // the tiles' sides instead of site_tiling.h's (tiles wider than 180 degrees of longitude).
  void set_tiles(std::optional<GpuSiteTiles> tiles) { tiles_override_ = tiles; }
  const TileStats& tile_stats() const { return stats_; }
  // Waits for the GL to finish the last compute (a profile's, not the draw loop's).
  PassTimes pass_times();

 private:
  // One point.
  struct Programs {
    GLuint factors = 0, combine = 0, combine_f64 = 0;  // combine_f64: double only
  };
  struct ProjectedPrograms {  // aeqd, ortho: one pass, node by node; f64: double only
    GLuint field = 0, f64 = 0;
  };
  const Programs& programs(Precision precision, Formula formula);
  const ProjectedPrograms& projected_programs(Precision precision, Formula formula);
  void compute_one_point(const FieldParams& p, FieldTexture& target);
  void dispatch_factors(const FieldParams& p);
  // Rows [row0, row0 + rows) into the texture, or into values_ (combine_f64).
  void dispatch_combine(GLuint program, const FieldParams& p, int row0, int rows);
  // The same for a projected view (field_projected.comp), from p alone.
  void dispatch_projected(GLuint program, const FieldParams& p, int row0, int rows);

  // Several sites (gl_backend_sites.cpp).
  struct SitePrograms {
    GLuint prep = 0, nodes = 0, nodes_to_buffer = 0;  // nodes_to_buffer: double only
  };
  const SitePrograms& site_programs(Precision precision);
  void set_sites(const CentreList& sites);
  void compute_sites(const FieldParams& p, FieldTexture& target);
  void set_grid_uniforms(GLuint program, const FieldParams& p, bool real_is_double);
  void run_tiles(const FieldParams& p, int coarse_x, int coarse_y, int fine_x, int fine_y);
  void dispatch_nodes(GLuint program, const FieldParams& p, int tile_row0, int tile_rows, int row0,
                      int rows);
  void ensure_index_texture(int nx, int ny);
  void delete_site_objects();

  // Lines and polygons (gl_backend_shapes.cpp).
  struct ShapePrograms {
    GLuint field = 0, to_buffer = 0;
  };
  const ShapePrograms& shape_programs();
  void set_shapes(const ShapesPtr& shapes);
  void compute_shapes(const FieldRequest& r, FieldTexture& target);
  // Rows [row0, row0 + rows) of the last shapes' request into the texture, or into values_.
  void dispatch_shapes(GLuint program, int row0, int rows);
  void delete_shape_objects();
  void release();  // every GL object (the destructor's, and a failed constructor's)

  // Both: the last compute's field again in double, `rows` at a time (a multiple of
  // row_multiple) into values_ bound at `binding`, by dispatch(row0, rows).
  template <typename Dispatch>
  HostField export_f64(int row_multiple, GLuint binding, Dispatch dispatch);

  std::map<std::tuple<Precision, Formula>, Programs> programs_;
  std::map<std::tuple<Precision, Formula>, ProjectedPrograms> projected_programs_;
  GLuint rows_ = 0, cols_ = 0;
  GLsizeiptr rows_size_ = 0, cols_size_ = 0;

  std::map<Precision, SitePrograms> site_programs_;
  GLuint tiles_program_ = 0;
  CentreList sites_;  // the sites uploaded, null before the first nearest-site compute
  GLuint site_ll_ = 0, units_ = 0, factors_ = 0, coarse_ = 0, fine_ = 0, pool_ = 0, counter_ = 0;
  GLsizeiptr factors_size_ = 0, coarse_size_ = 0, fine_size_ = 0, pool_size_ = 0;
  GLsizeiptr pool_limit_bytes_ = GLsizeiptr{512} << 20;
  GLuint index_texture_ = 0;
  int index_nx_ = 0, index_ny_ = 0;
  bool brute_force_ = false;
  bool last_brute_ = false;  // the last compute's, which a float64 export repeats
  bool one_point_fast_path_ = true;
  int fine_tile_ = 16, coarse_tile_ = 128;
  std::optional<GpuSiteTiles> tiles_override_;
  int max_chunk_rows_ = 1 << 30;
  TileStats stats_;
  double readback_wall_ms_ = -1;

  ShapePrograms shape_programs_;
  ShapesPtr shapes_;  // the shapes uploaded, null before the first compute of lines or polygons
  std::shared_ptr<const ShapeTrees> shape_trees_;
  GLuint shape_caps_ = 0, shape_arcs_ = 0, shape_links_ = 0, shape_grid_ = 0;
  GLsizeiptr shape_grid_size_ = 0;
  struct ShapeLayout {  // where each tree lies in the buffers (arc_tree.glsl's uniforms)
    int tree_nodes = 0, order0 = 0, info0 = 0, root_rings = -1, root_others = -1;
    int ring_arcs = 0, other_arcs = 0;
  } shape_layout_;
  bool last_signed_ = false;

  GLuint values_ = 0;  // a float64 export's block
  GLsizeiptr values_size_ = 0;
  GLsizeiptr export_block_bytes_;
  // GL_TIMESTAMP queries: the compute's start, after the sites' prep, coarse and fine tiles,
  // the counter's read, and the compute's end (one point: the first and the last only).
  static constexpr int kStamps = 6;
  GLuint timestamps_[kStamps] = {};
  FieldParams last_{};
  bool sites_last_ = false;   // the last compute was by the nearest-site passes
  bool shapes_last_ = false;  // by the shapes' pass
  bool computed_ = false;
};

}  // namespace geofield
