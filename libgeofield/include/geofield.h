/* libgeofield: the great-circle (or geodesic) distance from a reference point, or from the
 * nearest of many centres, to every node of a latitude/longitude grid, computed into memory the
 * caller gives, on the host or on a CUDA device.
 *
 * The same field as `geofield render --npy`, from the same parameters: a context chooses the
 * backend as the command line's `--backend` does; geofield_compute() fills the caller's buffer
 * (host memory, or CUDA device memory on a CUDA stream, with no copy through the host).
 *
 * Plain C (C99): no C++ types, structs that carry their own size so that later versions can
 * grow them, and every function returns a status; geofield_last_error() says what went wrong
 * in one line, with the command line's wording ("--lat: latitude 95 is outside [-90, 90]").
 *
 * Threads: a context may be shared; its computes take turns (a gl context computes only on the
 * thread that made it). Different contexts compute at once. geofield_last_error() is per
 * thread.
 *
 * Grid contract (as the command line's): node (row i, column j) of nx x ny, row 0 north,
 * row-major, nx values per row; values[i * nx + j]. */
#ifndef GEOFIELD_H
#define GEOFIELD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(GEOFIELD_BUILDING_LIBRARY)
#define GEOFIELD_API __attribute__((visibility("default")))
#else
#define GEOFIELD_API
#endif

/* The API this header describes: major (incompatible changes) * 1000 + minor (additions). A
 * program may compare it with geofield_api_version(), the library's, at run time: the library
 * serves every program built for the same major and a minor not above its own. */
#define GEOFIELD_API_VERSION_MAJOR 1
#define GEOFIELD_API_VERSION_MINOR 2
#define GEOFIELD_API_VERSION (GEOFIELD_API_VERSION_MAJOR * 1000 + GEOFIELD_API_VERSION_MINOR)

GEOFIELD_API int geofield_api_version(void);
/* The library's release, "0.1.0". */
GEOFIELD_API const char* geofield_version(void);

typedef enum geofield_status {
  GEOFIELD_OK = 0,
  GEOFIELD_INVALID_ARGUMENT = 1, /* a parameter out of range, a buffer too small: fix the call */
  GEOFIELD_UNAVAILABLE = 2,      /* the backend or device asked for cannot run here */
  GEOFIELD_OUT_OF_MEMORY = 3,    /* host or device memory does not hold the field */
  GEOFIELD_RUNTIME_ERROR = 4     /* a CUDA or GL failure, or anything else */
} geofield_status;

/* The last failure of a call on this thread, one line; "" after a success. Valid until the
 * thread's next call into the library. */
GEOFIELD_API const char* geofield_last_error(void);

/* Values of geofield_params' enumerated fields (the command line's words in the comments). */
enum { GEOFIELD_HAVERSINE = 0, GEOFIELD_SEED = 1, GEOFIELD_WGS84 = 2 };     /* --formula */
enum { GEOFIELD_KM = 0, GEOFIELD_NM = 1, GEOFIELD_MI = 2, GEOFIELD_M = 3 }; /* --units */
enum { GEOFIELD_PRECISION_FLOAT = 0, GEOFIELD_PRECISION_DOUBLE = 1 };       /* --precision */
/* --projection; GEOFIELD_EQEARTH: Equal Earth about ref_lon's meridian (nx, ny as given: the
 * world's box is nx x 1 + round((nx - 1) * 0.4867)). */
enum { GEOFIELD_LATLON = 0, GEOFIELD_AEQD = 1, GEOFIELD_ORTHO = 2, GEOFIELD_EQEARTH = 3 };
/* API 1.2. --registration: GEOFIELD_NODE, the nodes on the bounds (nx nodes span/(nx - 1)
 * apart); GEOFIELD_PIXEL, the bounds (or a projected view's extent) are the edges of nx x ny
 * cells of span/nx and the values are at their centres. */
enum { GEOFIELD_NODE = 0, GEOFIELD_PIXEL = 1 };

/* What determines the field: the command line's view options. Start from
 * geofield_params_init(), which sets the command line's defaults, then change fields. */
typedef struct geofield_params {
  uint32_t struct_size;    /* sizeof(geofield_params), set by geofield_params_init */
  double lat_min, lat_max; /* --lat, degrees */
  double lon_min, lon_max; /* --lon, degrees; min > max crosses the antimeridian */
  int32_t nx, ny;          /* --size NXxNY: nodes per row, per column */
  double ref_lat, ref_lon; /* --ref, degrees */
  int32_t formula;         /* GEOFIELD_HAVERSINE, GEOFIELD_SEED, GEOFIELD_WGS84 */
  int32_t units;           /* GEOFIELD_KM, ... */
  double radius_km;        /* --radius (haversine, seed) */
  double ellipsoid_a_km;   /* --ellipsoid A_KM,INV_F (wgs84) */
  double ellipsoid_inv_f;
  int32_t precision;  /* the arithmetic: GEOFIELD_PRECISION_FLOAT or _DOUBLE */
  int32_t projection; /* GEOFIELD_LATLON, GEOFIELD_AEQD, GEOFIELD_ORTHO, GEOFIELD_EQEARTH */
  double extent;      /* --extent in the output unit; 0: the projection's default */
  /* --centres: centre_count > 0 replaces the reference point by that many centres (host
   * arrays of degrees, read during geofield_compute only); the field is the distance to the
   * nearest of them, and geofield_output.index may receive which. */
  int64_t centre_count;
  const double* centre_lat;
  const double* centre_lon;
  /* API 1.1. --sites: what distances are measured to, one of
   *   - a GeoJSON file's path (.geojson or .json: Point, MultiPoint, LineString,
   *     MultiLineString, Polygon, MultiPolygon; a FeatureCollection, a Feature or a geometry) or
   *     a CSV file of points as --centres reads it;
   *   - GeoJSON text (its first character other than white space is '{');
   *   - a built-in name: "@coastline", "@borders", "@land", each with ":10m" (the default),
   *     ":50m" or ":110m".
   * UTF-8, NUL-terminated, read during geofield_compute only. The field is the distance to the
   * nearest point of any feature (0 inside a polygon); geofield_output.index may receive which
   * feature (its position in the file, 0 first). NULL: no sites. Exclusive with centre_count > 0;
   * the haversine formula only. The context keeps the last sites it read (a file while its size
   * and modification time stay the same), so a repeated call does not read them again. */
  const char* sites;
  /* --signed: non-zero gives, inside a polygon of sites, minus the distance to its boundary
   * instead of 0 (with @land: negative on land, positive at sea). Needs sites with polygons. */
  int32_t signed_inside;
  /* API 1.2. GEOFIELD_NODE (the default) or GEOFIELD_PIXEL. */
  int32_t registration;
} geofield_params;

GEOFIELD_API void geofield_params_init(geofield_params* params);

/* API 1.2. --step: sets nx and ny from a spacing in degrees of a latlon grid over params'
 * bounds, as the command line does: the node spacing, or with GEOFIELD_PIXEL the cell size.
 * GEOFIELD_INVALID_ARGUMENT (params unchanged) when a step does not divide its span to within
 * 1e-9 of a cell (the message names the nearest sizes) or gives a side outside [2, 1048576]. */
GEOFIELD_API geofield_status geofield_params_set_step(geofield_params* params, double step_lon_deg,
                                                      double step_lat_deg);

/* Checks params as the command line does, without computing. */
GEOFIELD_API geofield_status geofield_params_check(const geofield_params* params);

/* Where the field goes. */
/* geofield_output.dtype (values: float32 or float64); int32 for geofield_buffer_dlpack only */
enum { GEOFIELD_FLOAT32 = 0, GEOFIELD_FLOAT64 = 1, GEOFIELD_INT32 = 2 };
enum { GEOFIELD_MEMORY_HOST = 0, GEOFIELD_MEMORY_CUDA = 1 }; /* geofield_output.memory */

typedef struct geofield_output {
  uint32_t struct_size; /* sizeof(geofield_output), set by geofield_output_init */
  int32_t memory;       /* where values and index are: host, or the context's CUDA device */
  int32_t dtype;        /* of values: float32 or float64 (a float64 of float arithmetic holds
                           the float values widened; a float32 of double arithmetic, the double
                           values rounded, as `render --npy` writes them) */
  void* values;         /* nx * ny values, row 0 north */
  size_t values_bytes;  /* the room at values: at least nx * ny * the dtype's size */
  int32_t* index;       /* with centres or sites: nx * ny indices of the nearest centre or
                           feature (0-based; the lowest of those that tie; -1 off a projected
                           map), or NULL; must be NULL for the one reference point */
  size_t index_bytes;
  /* CUDA memory: the cudaStream_t to compute on; the call returns once the work is queued and
   * the caller waits on the stream. NULL: the context's own stream, and the call returns when
   * the values are there. Host memory: unused. */
  void* stream;
  /* API 1.1. --bearing: nx * ny initial azimuths (float32, degrees clockwise from north, in
   * [0, 360)) from each node toward its nearest point of the nearest site (the reference point,
   * a centre, or a point of a feature's line or boundary); NaN where the distance is 0 (on a
   * site, inside a polygon) and off a projected map. Or NULL. Computed on the sphere on the CPU
   * whatever the backend: host memory (GEOFIELD_MEMORY_HOST) only, and not with the wgs84
   * formula. */
  float* bearing;
  size_t bearing_bytes;
} geofield_output;

GEOFIELD_API void geofield_output_init(geofield_output* output);

typedef struct geofield_context geofield_context;

/* backend: "auto" (CUDA where a CUDA device is usable, the CPU otherwise), "cpu", "cuda", or
 * "gl" (compute shaders in a headless OpenGL context; host output only); NULL means "auto".
 * device: the CUDA device's ordinal (cuda, auto), ignored by cpu and gl. */
GEOFIELD_API geofield_status geofield_context_create(const char* backend, int device,
                                                     geofield_context** context);
GEOFIELD_API void geofield_context_destroy(geofield_context* context);
/* "cpu", "cuda" or "gl": what the context computes with. */
GEOFIELD_API const char* geofield_context_backend(const geofield_context* context);
/* One line: which backend and why, as the command line prints it ("backend cuda (auto): ..."). */
GEOFIELD_API const char* geofield_context_description(const geofield_context* context);

/* Computes the field of params into output. CUDA memory needs a cuda context. Nothing is
 * written on failure, except where the GPU failed part way. */
GEOFIELD_API geofield_status geofield_compute(geofield_context* context,
                                              const geofield_params* params,
                                              const geofield_output* output);

/* API 1.2. Distances at points instead of a grid: `count` points (lat[k], lon[k]),
 * degrees, lat in [-90, 90] and lon in [-360, 360]; values[k] is the field of params at point k
 * (the distance to the reference point, or to the nearest centre or site: the same formulas,
 * sites and signs as geofield_compute, by the same per-node math, so a point at a grid's node
 * gets that node's value to the rounding of float or double) and, unless NULL, index[k] which
 * centre or feature is nearest (0 for the one reference point). params' grid (lat_min .. extent)
 * is checked as by geofield_compute but not used. */
typedef struct geofield_points {
  uint32_t struct_size; /* sizeof(geofield_points), set by geofield_points_init */
  int32_t memory;       /* where lat, lon, values and index are: host, or the context's CUDA
                           device (a cuda context) */
  int64_t count;        /* points, >= 0 */
  const double* lat;    /* count latitudes, degrees */
  const double* lon;    /* count longitudes, degrees */
  int32_t dtype;        /* of values: GEOFIELD_FLOAT32 or GEOFIELD_FLOAT64 (stored as by
                           geofield_output.dtype; the arithmetic is params.precision) */
  void* values;         /* count values in the output unit */
  size_t values_bytes;  /* at least count * the dtype's size */
  int32_t* index;       /* count indices, or NULL */
  size_t index_bytes;
  void* stream; /* CUDA memory: the cudaStream_t, as geofield_output.stream; host: unused */
} geofield_points;

GEOFIELD_API void geofield_points_init(geofield_points* points);

/* Computes the field of params at points. The cpu and cuda backends compute it (a cuda context
 * takes host arrays too, copying them through the device); a gl context answers
 * GEOFIELD_UNAVAILABLE (its compute shaders fill grids: docs/sites.md). Nothing is written on
 * failure, except where the GPU failed part way. */
GEOFIELD_API geofield_status geofield_compute_points(geofield_context* context,
                                                     const geofield_params* params,
                                                     const geofield_points* points);

/* Memory geofield allocates and counts references to: for callers who want the field in memory
 * that outlives their own frames (a Python array). Device memory is on the context's device and
 * outlives the context; freed blocks are kept for reuse (up to 1 GiB a device). */
typedef struct geofield_buffer geofield_buffer;
GEOFIELD_API geofield_status geofield_buffer_create(geofield_context* context, int32_t memory,
                                                    size_t bytes, geofield_buffer** buffer);
GEOFIELD_API void* geofield_buffer_data(const geofield_buffer* buffer);
GEOFIELD_API size_t geofield_buffer_size(const geofield_buffer* buffer);
GEOFIELD_API int32_t geofield_buffer_memory(const geofield_buffer* buffer);
/* The CUDA device ordinal of a CUDA buffer, -1 for host memory. */
GEOFIELD_API int geofield_buffer_device(const geofield_buffer* buffer);
GEOFIELD_API void geofield_buffer_retain(geofield_buffer* buffer);
GEOFIELD_API void geofield_buffer_release(geofield_buffer* buffer);

/* A DLPack (v0.6) DLManagedTensor* viewing the buffer as a row-major 2-D array of ny rows and
 * nx columns of dtype (float32, float64, int32; ny * nx of them must fit in the buffer); it holds a
 * reference to the buffer, which its deleter releases. For Python's __dlpack__ (the caller wraps it
 * in a capsule named "dltensor"). */
GEOFIELD_API geofield_status geofield_buffer_dlpack(geofield_buffer* buffer, int32_t dtype,
                                                    int64_t ny, int64_t nx, void** managed_tensor);

/* API 1.2. Sites as geofield_params.sites reads them (the same text: a GeoJSON or
 * CSV file's path, GeoJSON text or a built-in name; the command line's --sites reads files by
 * the same function, and --centres by the same CSV parser, though it makes a centre of each
 * point of a GeoJSON MultiPoint where this makes one feature), for a caller that wants to see
 * what the index numbers: each feature's kind and name, its parts, and their vertices. Read
 * once; the table's arrays belong to the geofield_sites and live until geofield_sites_destroy. */
typedef struct geofield_sites geofield_sites;
/* geofield_sites_table.feature_kind and .part_kind */
enum { GEOFIELD_FEATURE_POINT = 0, GEOFIELD_FEATURE_LINE = 1, GEOFIELD_FEATURE_POLYGON = 2 };
enum { GEOFIELD_PART_POINT = 0, GEOFIELD_PART_LINE = 1, GEOFIELD_PART_RING = 2 };

typedef struct geofield_sites_table {
  uint32_t struct_size; /* sizeof(geofield_sites_table): set by the caller */
  int64_t feature_count, part_count, vertex_count;
  /* feature k (0 first, the index geofield_output.index holds): its kind, its parts
   * [feature_part[k], feature_part[k + 1]) and its name, the UTF-8 bytes
   * [name_offset[k], name_offset[k + 1]) of names ("" when it has none; a name may hold any
   * character, so it is given by its bounds, not by a NUL). */
  const int32_t* feature_kind;
  const int64_t* feature_part; /* feature_count + 1 values */
  const char* names;
  const int64_t* name_offset; /* feature_count + 1 values */
  /* part p: a point (one vertex), a line (consecutive vertices joined by the minor great-circle
   * arc) or a polygon's ring (closed from its last vertex back to its first, which is not
   * repeated; oriented with the polygon's inside on its left); its vertices
   * [part_vertex[p], part_vertex[p + 1]). */
  const int32_t* part_kind;
  const int64_t* part_vertex; /* part_count + 1 values */
  const double* lat;          /* vertex_count latitudes, degrees */
  const double* lon;          /* vertex_count longitudes, degrees, as the file gave them */
} geofield_sites_table;

/* Reads sites; on failure *sites is NULL and geofield_last_error() says why, as
 * geofield_compute says it of geofield_params.sites ("sites: 'c.csv', line 3: ..."). */
GEOFIELD_API geofield_status geofield_sites_read(const char* text, geofield_sites** sites);
/* Fills the table (its struct_size set first) with the sites' arrays. */
GEOFIELD_API geofield_status geofield_sites_get_table(const geofield_sites* sites,
                                                      geofield_sites_table* table);
GEOFIELD_API void geofield_sites_destroy(geofield_sites* sites);

/* API 1.2. What `render --netcdf` writes about params' grid besides its values, as
 * one JSON object (UTF-8): "y" and "x", each {"name": "lat", "lon" (latlon) or "y", "x" (metres,
 * projected), "values": the coordinates of the rows (north first) and of the columns,
 * "attributes": the CF attributes}; "grid_mapping": the CF grid-mapping variable's attributes
 * (crs_wkt among them); "values": the distance variable's (long_name, units, grid_mapping);
 * "index": the nearest-site index's (when site_count > 0); "global": the file's, less history.
 * params' sites and centres are not read: site_count says how many sites the field measures to
 * (0: the one reference point). The text and its NUL are copied into buffer when size holds
 * them; *length is the text's length either way (a call with size 0 learns it). eqearth is
 * refused, as --netcdf refuses it. */
GEOFIELD_API geofield_status geofield_grid_describe(const geofield_params* params,
                                                    int64_t site_count, char* buffer, size_t size,
                                                    size_t* length);

#ifdef __cplusplus
}
#endif

#endif /* GEOFIELD_H */
