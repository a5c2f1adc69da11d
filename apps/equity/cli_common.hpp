#pragma once
// Helpers shared by the subcommands of the `equity` program.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/game.hpp"
#include "equity/stopwatch.hpp"

namespace equity::cli {

// Parses argv with `app`, then runs `body`. --help prints help on stdout and returns 0; a parse
// error (CLI11's message rewritten to name the option and the bad value) or an InputError prints
// one line "equity: ..." on stderr and returns 2; a WriteError prints its line and returns 1.
int run(CLI::App& app, const std::vector<std::string>& args, const std::function<int()>& body);

// An error's message for a question of `game`, with a hint when the game has two hole cards and
// one of `texts` (the hands or ranges) looks like and reads as an Omaha hand or range (AA**,
// AsKsQhJh, AKQJ), not a Hold'em one: "...; for Omaha, add --game omaha" (omaha5, omaha6 by its
// cards).
std::string with_omaha_hint(const std::string& message, const std::vector<std::string>& texts, Game game);

// Creates `dir` (and its parents) for output and checks it can be written into; throws WriteError
// naming the path and the system's reason (a file in the way, no permission, /proc).
void prepare_output_dir(const std::filesystem::path& dir);

// Checks for numeric options that name the bound in their message ("--trials: must be above 0,
// not -5"); CLI11's PositiveNumber prints the range up to the largest double instead.
CLI::Validator positive();      // > 0
CLI::Validator non_negative();  // >= 0

// Seeds are whole numbers from 0 to kMaxSeed (2^53 - 1, calculate.hpp), so that a JavaScript
// client can repeat a run: "--seed: must be a whole number from 0 to 9007199254740991, not -1".
CLI::Validator seed_check();

// 1712304 -> "1,712,304"
std::string with_commas(std::uint64_t n);
std::string with_commas(std::int64_t n);

// Fixed-point with `decimals` digits.
std::string fixed(double x, int decimals);
// Fixed-point with `decimals` digits and commas in the whole part: 6121.5 -> "6,121.50" (2).
std::string fixed_with_commas(double x, int decimals);

// Sets the number of worker threads for the lifetime of the object (0: all cores).
class ThreadLimit {
 public:
  explicit ThreadLimit(int threads);
  ~ThreadLimit();
  ThreadLimit(const ThreadLimit&) = delete;
  ThreadLimit& operator=(const ThreadLimit&) = delete;

 private:
  struct Impl;
  Impl* impl_;
};

// Where the preflop table is read from when no directory is given: find_table()'s answer
// (equity/table_location.hpp), else ./results.
std::filesystem::path default_table_dir();

// "0.21 ms", "1.35 s"
std::string format_duration(double seconds);

}  // namespace equity::cli
