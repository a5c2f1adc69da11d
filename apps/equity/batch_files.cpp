#include "batch_files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <utility>

#include "equity/error.hpp"
#include "equity/files.hpp"

namespace equity::cli {

namespace fs = std::filesystem;

namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [last, error] = std::from_chars(text.data(), end, n);
  if (text.empty() || error != std::errc() || last != end) return std::nullopt;
  return n;
}

constexpr std::string_view kAnswerStart = "{\"line\":";

}  // namespace

bool blank_line(std::string_view text) { return text.find_first_not_of(" \t\r") == std::string_view::npos; }

bool ShardLines::next(std::uint64_t& line, std::string& text) {
  while (std::getline(in_, text)) {
    ++line_;
    if (shard_.has(line_) && !blank_line(text)) {
      line = line_;
      return true;
    }
  }
  return false;
}

std::optional<std::uint64_t> answer_line_number(std::string_view text) {
  if (text.substr(0, kAnswerStart.size()) != kAnswerStart) return std::nullopt;
  text.remove_prefix(kAnswerStart.size());
  const auto end = text.find_first_of(",}");
  if (end == std::string_view::npos) return std::nullopt;
  return whole_number(text.substr(0, end));
}

bool is_error_line(std::string_view text) {
  const auto comma = text.find(',');
  return comma != std::string_view::npos && text.substr(comma, 9) == ",\"error\":";
}

AnswersScan scan_answers(const fs::path& path, const std::function<std::string(std::uint64_t)>& check) {
  AnswersScan scan;
  std::ifstream in(path, std::ios::binary);
  if (!in) return scan;  // no file yet (an unreadable one fails when opened for writing)
  std::string text;
  for (std::uint64_t row = 1; std::getline(in, text); ++row) {
    if (in.eof()) {  // no newline after it: half-written
      scan.torn = true;
      break;
    }
    const auto where = [&] { return path.string() + ":" + std::to_string(row) + ": "; };
    const auto n = answer_line_number(text);
    if (!n || text.back() != '}')
      throw InputError(where() + "not an answer of equity batch (each line starts {\"line\":N and is one JSON object)");
    if (*n <= scan.last_line)
      throw InputError(where() + "answers input line " + std::to_string(*n) + " after line " +
                       std::to_string(scan.last_line) + " (answers are in input order)");
    if (const std::string reason = check(*n); !reason.empty()) throw InputError(where() + reason);
    ++scan.answers;
    scan.errors += is_error_line(text) ? 1 : 0;
    scan.last_line = *n;
    scan.complete_bytes += text.size() + 1;
  }
  return scan;
}

AnswersFile::AnswersFile(fs::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("open for writing", path_);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    if (busy)
      throw InputError(path_.string() +
                       " is in use by another equity batch run; wait for it to finish (or stop it) and run again");
    throw WriteError("cannot lock " + path_.string() + ": " + reason);
  }
}

AnswersFile::~AnswersFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AnswersFile::cut(std::uint64_t size) {
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) throw_write_error("repair", path_);
}

void AnswersFile::append(std::string_view lines) {
  write_all(fd_, lines, path_);
  if (::fdatasync(fd_) != 0) throw_write_error("write", path_);
}

FileBeingWritten::FileBeingWritten(fs::path path) : path_(std::move(path)), temporary_(path_.string() + ".tmp") {
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw_write_error("create", temporary_);
}

FileBeingWritten::~FileBeingWritten() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temporary_.c_str());
  }
}

void FileBeingWritten::flush() {
  write_all(fd_, buffer_, temporary_);
  buffer_.clear();
}

void FileBeingWritten::write(std::string_view data) {
  buffer_ += data;
  if (buffer_.size() >= (std::size_t{1} << 20)) flush();
}

void FileBeingWritten::commit() {
  flush();
  if (::fsync(fd_) != 0) throw_write_error("write", temporary_);
  ::close(fd_);
  fd_ = -1;
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temporary_.c_str());
    throw WriteError("cannot rename " + temporary_.string() + " to " + path_.string() + ": " + reason);
  }
}

}  // namespace equity::cli
