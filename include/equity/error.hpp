#pragma once
// Errors raised at the library boundary. Apps catch them in one place and print the message on
// one line to stderr: InputError exits with code 2, WriteError with code 1, Cancelled with code 130.
#include <stdexcept>
#include <string>

namespace equity {

// Bad user input: an unparsable card, hand, range or option value, or an impossible request.
// The message names the offending token and says why.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// A result could not be written (disk full, permission denied, not a directory). The message
// names the path and the system's reason. Nothing half-written is left under the final name.
class WriteError : public std::runtime_error {
 public:
  explicit WriteError(const std::string& message) : std::runtime_error(message) {}
};

// A computation stopped because its cancellation flag was raised.
class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace equity
