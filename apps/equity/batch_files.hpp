#pragma once
// The files of `equity batch`: its JSON Lines input read a shard at a time, and its answers file,
// appended a chunk of whole lines at a time and resumed after a kill.
//
// An answers file holds one answer a line, each starting {"line":N, (or {"line":N} ) with N the
// input line it answers, increasing down the file. A kill at any instant leaves whole lines plus at
// most one half-written last line (no newline yet): opening the file cuts that line off, so its
// question is answered again.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "shard.hpp"

namespace equity::cli {

// A line of only blanks (spaces, tabs, a carriage return): no question, no answer.
bool blank_line(std::string_view text);

// The questions of one shard, in input order: every line of the shard that is not blank.
class ShardLines {
 public:
  ShardLines(std::istream& in, Shard shard) : in_(in), shard_(shard) {}
  // The next question and its input line number; false at the end of the input.
  bool next(std::uint64_t& line, std::string& text);
  std::uint64_t lines_read() const { return line_; }

 private:
  std::istream& in_;
  Shard shard_;
  std::uint64_t line_ = 0;
};

// The input line number an answer line starts with, or nullopt if it does not start {"line":N.
std::optional<std::uint64_t> answer_line_number(std::string_view text);
// An answer line that reports an error ({"line":N,"question":"...","error":...}).
bool is_error_line(std::string_view text);

// What ties an answer to its question: 16 hex digits of a 64-bit FNV-1a hash of the input line (its
// trailing blanks aside), written second in every answer line as "question":"...". A resumed run or
// a merge compares it with the input line now, so an answer to a question since edited is not kept.
std::string question_digest(std::string_view line);
// The digest an answer line carries after its line number; empty when it has none (an answer of
// an equity before digests: never taken as the answer of any question).
std::string_view answer_digest(std::string_view answer);

struct AnswersScan {
  std::uint64_t answers = 0;         // complete answer lines kept: a prefix of the file
  std::uint64_t errors = 0;          // ... of which errors
  std::uint64_t last_line = 0;       // the input line the last one answers (0: none)
  std::uint64_t complete_bytes = 0;  // up to the end of the last kept line
  bool torn = false;                 // a half-written last line follows
  // From the first answer whose question changed on: the complete lines by input line (held up to
  // 256 MiB), taken again where their question is unchanged, and their count.
  std::unordered_map<std::uint64_t, std::string> after_change;
  std::uint64_t after_change_lines = 0;
  bool changed() const { return after_change_lines > 0; }
};

// The check of one answer line against the input: an error (the reason), the answer kept, or its
// question changed (the answers from this one on are not kept in place).
struct AnswerCheck {
  std::string error;
  bool changed = false;
};

// Reads an answers file line by line (a missing file is empty). Every complete line must be an
// answer line whose number is above the previous one; throws InputError "FILE:LINE: ..." otherwise,
// or when check(number, line) gives an error. check is asked of each line until one has changed.
AnswersScan scan_answers(const std::filesystem::path& path,
                         const std::function<AnswerCheck(std::uint64_t, std::string_view)>& check);

// The answers file of a run, opened for appending (created if missing) and locked (flock) for the
// run's lifetime: a second run on the same file is refused with an InputError.
class AnswersFile {
 public:
  explicit AnswersFile(std::filesystem::path path);
  ~AnswersFile();
  AnswersFile(const AnswersFile&) = delete;
  AnswersFile& operator=(const AnswersFile&) = delete;

  // Cuts the file to `size` bytes (a half-written last line).
  void cut(std::uint64_t size);
  // Writes whole lines in one go, then waits for them to reach the disk (fdatasync), so that what
  // the run reports as answered survives a crash too. Throws WriteError.
  void append(std::string_view lines);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// A file written from start to end and put in place only when complete: PATH.tmp, flushed to disk
// and renamed over PATH by commit(); removed if the object goes before commit(). Throws WriteError.
class FileBeingWritten {
 public:
  explicit FileBeingWritten(std::filesystem::path path);
  ~FileBeingWritten();
  FileBeingWritten(const FileBeingWritten&) = delete;
  FileBeingWritten& operator=(const FileBeingWritten&) = delete;

  void write(std::string_view data);  // buffered
  void commit();

 private:
  void flush();
  std::filesystem::path path_, temporary_;
  int fd_ = -1;
  std::string buffer_;
};

}  // namespace equity::cli
