#include "serve/static_files.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace equity::serve {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFile = 8 << 20;  // larger files are not part of a page

std::string type_of(const fs::path& file) {
  static const std::map<std::string, std::string, std::less<>> types = {{".html", "text/html; charset=utf-8"},
                                                                        {".js", "text/javascript; charset=utf-8"},
                                                                        {".mjs", "text/javascript; charset=utf-8"},
                                                                        {".css", "text/css; charset=utf-8"},
                                                                        {".svg", "image/svg+xml"},
                                                                        {".png", "image/png"},
                                                                        {".ico", "image/x-icon"},
                                                                        {".json", "application/json"},
                                                                        {".woff2", "font/woff2"},
                                                                        {".txt", "text/plain; charset=utf-8"}};
  const auto it = types.find(file.extension().string());
  return it == types.end() ? std::string() : it->second;
}

// The whole file, opened without following a symbolic link; nullopt when it cannot be read.
std::optional<std::string> read_file(const fs::path& file) {
  const int fd = open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string content;
  char buffer[65536];
  ssize_t n = 0;
  while ((n = read(fd, buffer, sizeof buffer)) > 0 && content.size() <= kMaxFile)
    content.append(buffer, static_cast<std::size_t>(n));
  close(fd);
  if (n < 0 || content.size() > kMaxFile) return std::nullopt;
  return content;
}

}  // namespace

StaticFiles::StaticFiles(const fs::path& web_dir) {
  std::error_code ec;
  const fs::path root = fs::canonical(web_dir, ec);
  if (ec) return;
  // The iterator does not descend through directory links; file links are skipped below.
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool hidden = name.empty() || name[0] == '.' || name == "__pycache__";
    if (it->is_symlink(ec) || hidden || (it.depth() == 0 && name == "tests")) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec) || it->file_size(ec) > kMaxFile) continue;
    const std::string type = type_of(it->path());
    if (type.empty()) continue;
    std::string key = "/";  // (appended: GCC 12 warns wrongly on "/" + a temporary here)
    key += it->path().lexically_relative(root).generic_string();
    files_[key] = {it->path(), type};
  }
}

bool StaticFiles::contains(std::string_view path) const {
  return files_.find(path == "/" ? std::string_view("/index.html") : path) != files_.end();
}

std::optional<StaticFiles::File> StaticFiles::find(std::string_view path) const {
  const auto it = files_.find(path == "/" ? std::string_view("/index.html") : path);
  if (it == files_.end()) return std::nullopt;
  auto content = read_file(it->second.file);
  if (!content) return std::nullopt;
  return File{std::move(*content), it->second.type};
}

}  // namespace equity::serve
