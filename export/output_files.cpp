#include "export/output_files.h"

#include <cstdint>
#include <cstdio>

#include "errors.h"

namespace geofield {

void OutputFiles::write(const OutputKind& kind, const std::filesystem::path& path,
                        const OutputData& data) {
  auto file = std::make_unique<AtomicFile>(path);
  kind.write(*file, data);
  file->finish();
  written_.push_back({std::move(file), path, kind.summary(data)});
  if (kind.sidecar == nullptr) return;
  auto [bytes, summary] = kind.sidecar(data);
  if (bytes.empty()) return;
  std::filesystem::path beside = path;
  beside += kind.sidecar_suffix;
  auto sidecar = std::make_unique<AtomicFile>(beside);
  sidecar->write_at(0, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  sidecar->finish();
  written_.push_back({std::move(sidecar), beside, std::move(summary)});
}

void OutputFiles::commit(bool say) {
  for (Written& w : written_) {
    w.file->commit();
    if (say) {  // the path as given, not where its links lead
      std::fprintf(stderr, "geofield: wrote %s (%s)\n", escaped_text(w.path.string()).c_str(),
                   w.summary.c_str());
    }
  }
  written_.clear();
}

}  // namespace geofield
