#pragma once
// Whether the client of a request still holds its connection open. cpp-httplib 0.11 gives a handler
// the peer's and its own address but not the socket, so the socket is found once by those addresses
// (getpeername/getsockname over the process's descriptors; no file is opened) and then polled
// for a hang-up without reading from it.
#include <string>

namespace equity::serve {

class ConnectionProbe {
 public:
  ConnectionProbe(std::string remote_addr, int remote_port, int local_port)
      : remote_addr_(std::move(remote_addr)), remote_port_(remote_port), local_port_(local_port) {}

  // True once the peer has closed or reset the connection; false while it is open or when the
  // socket cannot be found among the first 8,192 descriptors (then the time budget still bounds
  // the work).
  bool closed();

 private:
  std::string remote_addr_;
  int remote_port_;
  int local_port_;
  int fd_ = -2;  // -2: not looked up yet, -1: not found
};

}  // namespace equity::serve
