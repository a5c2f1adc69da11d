#pragma once
// Writing files safely, for every place the library writes: whole files atomically, appends of
// whole lines, and a lock on a directory. A failed write throws WriteError naming the path and
// the system's reason (error.hpp).
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace equity {

// Writes a whole file atomically: a temporary file in the same directory (PATH.tmp), flushed to
// disk, then renamed over `path`. On failure nothing is left under either name.
void write_file_atomically(const std::filesystem::path& path, std::string_view contents);

// Throws WriteError "cannot WHAT PATH: " and the system's reason (errno).
[[noreturn]] void throw_write_error(const std::string& what, const std::filesystem::path& path);

// Writes all of `data` to the open file `fd` (retrying short writes and EINTR); throws WriteError.
void write_all(int fd, std::string_view data, const std::filesystem::path& path);

// Cuts a file to its first `size` bytes (a half-written last line, for example).
void truncate_file(const std::filesystem::path& path, std::uintmax_t size);

// A file opened for appending (created if missing). Each append() writes all of its data, so
// that a kill leaves whole appends plus at most a partial last one; closing flushes to disk.
class AppendFile {
 public:
  explicit AppendFile(std::filesystem::path path);
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  void append(std::string_view data);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// An exclusive advisory lock (flock) on DIR/.lock (DIR created if needed), held for the lifetime
// of the object. Throws InputError if another process holds it, WriteError if the directory or
// the lock file cannot be made. The file stays after the run: removing it would let a run that
// opened it a moment before lock a file no longer in the directory while a third run locks a new
// one.
class DirectoryLock {
 public:
  explicit DirectoryLock(const std::filesystem::path& dir);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace equity
