// The nearest of many centres computed by compute shaders in the current GL context (the gl
// backend's counterpart of centres_backend.h), haversine in float or double on latlon grids.
// set_centres uploads the centres once; compute() then runs, all on the GPU: each centre's
// part of its own field on this grid (shaders/centres_prep.comp), coarse and fine tiles' lists
// of the centres that can win in them (centres_tiles.comp), and every node's nearest among its
// fine tile's list (centres_nodes.comp). docs/centres.md ("GPU (GL compute)") says why it is
// exact and what it costs.
#pragma once

#include <glad/gl.h>

#include <map>
#include <memory>
#include <optional>

#include "backends/centres_field_backend.h"
#include "site_tiling.h"

namespace geofield {

class GlCentresBackend final : public CentresFieldBackend {
 public:
  // What the last pruned compute's tiles took: the fine and coarse tiles' sides and counts, the
  // pool's ints used, asked for (rounded up to 256 a list) and its capacity, the lists that fell
  // back to their parent's for want of room, and how many times the tile passes ran (more than
  // once when it grew).
  struct TileStats {
    int fine_tile = 0, coarse_tile = 0;
    long long fine_tiles = 0, coarse_tiles = 0;
    long long pool_used = 0, pool_wanted = 0, pool_capacity = 0;
    long long lists_without_room = 0;
    int tile_passes = 0;
  };

  // Needs the current GL context (4.5 core: compute shaders, doubles); throws RuntimeFailure
  // with the compiler's log if its shaders do not build there.
  explicit GlCentresBackend(CentreList centres);
  ~GlCentresBackend() override;
  GlCentresBackend(const GlCentresBackend&) = delete;
  GlCentresBackend& operator=(const GlCentresBackend&) = delete;

  std::string_view name() const override { return "gl"; }
  std::optional<double> last_compute_device_ms() override;
  void compute(const FieldParams& p, FieldTexture& target) override;
  HostField read_field(const FieldTexture& target, Precision as) override;
  void set_centres(CentreList centres) override;
  const CentreList& centres() const override { return centres_; }
  std::vector<std::int32_t> read_index() override;
  GLuint index_texture() const override { return index_texture_; }

  // The last compute's passes on the device (GL timestamps after each; -1 where a pass did not
  // run), and the host's wait for the pool's counter between the tiles and the nodes (wall ms).
  // Waits for the GL to finish the compute (a profile's, not the draw loop's).
  struct PassTimes {
    double prep = -1, coarse = -1, fine = -1, readback = -1, nodes = -1, total = -1;
    double readback_wall = -1;
  };
  PassTimes pass_times();

  // Every centre evaluated at every node by the same node shader (the tests' and the
  // benchmark's brute force), instead of the tiles' lists.
  void set_brute_force(bool on) { brute_force_ = on; }
  // The pool's largest size in bytes (tests make it small to check the fallbacks).
  void set_pool_limit_bytes(GLsizeiptr bytes) { pool_limit_bytes_ = bytes; }
  const TileStats& tile_stats() const { return stats_; }
  // The tiles' sides instead of site_tiling.h's policy (tests: tiles wider than 180 degrees).
  void set_tiles(std::optional<GpuSiteTiles> tiles) { tiles_override_ = tiles; }

 private:
  struct Programs {
    GLuint prep = 0, nodes = 0, nodes_to_buffer = 0;  // nodes_to_buffer: double only
  };
  const Programs& programs(Precision precision);
  void set_grid_uniforms(GLuint program, const FieldParams& p, bool real_is_double);
  void run_tiles(const FieldParams& p, int fine, int coarse_x, int coarse_y, int fine_x,
                 int fine_y);
  void dispatch_nodes(GLuint program, const FieldParams& p, int tile_row0, int tile_rows, int row0,
                      int rows);
  void ensure_index_texture(int nx, int ny);

  CentreList centres_;
  std::map<Precision, Programs> programs_;
  GLuint tiles_program_ = 0;
  GLuint centre_ll_ = 0, units_ = 0, factors_ = 0, coarse_ = 0, fine_ = 0, pool_ = 0, counter_ = 0,
         values_ = 0;
  GLsizeiptr factors_size_ = 0, coarse_size_ = 0, fine_size_ = 0, pool_size_ = 0, values_size_ = 0;
  GLsizeiptr pool_limit_bytes_ = GLsizeiptr{512} << 20;
  GLuint index_texture_ = 0;
  int index_nx_ = 0, index_ny_ = 0;
  // Timestamps: the compute's start, after prep, coarse, fine, the counter's read, the nodes.
  static constexpr int kStamps = 6;
  GLuint timestamps_[kStamps] = {};
  double readback_wall_ms_ = -1;
  bool brute_force_ = false;
  bool last_brute_ = false;  // the last compute's, which a float64 export repeats
  int fine_tile_ = 16, coarse_tile_ = 128;
  std::optional<GpuSiteTiles> tiles_override_;
  TileStats stats_;
  FieldParams last_{};
  bool computed_ = false;
};

// Needs the GL context current. Throws UsageError when this GL cannot build the shaders.
std::unique_ptr<CentresFieldBackend> make_gl_centres_backend(CentreList centres);

}  // namespace geofield
