# Sourced: makes sure a session bus is there. When DBUS_SESSION_BUS_ADDRESS is unset or dead,
# starts a private dbus-daemon and sets RETROCAM_PRIVATE_BUS_PID so the caller can stop it.
retrocam_ensure_bus() {
  if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] &&
     dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.Peer.Ping >/dev/null 2>&1; then
    return 0
  fi
  local out
  out=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
  export DBUS_SESSION_BUS_ADDRESS=$(echo "$out" | sed -n 1p)
  export RETROCAM_PRIVATE_BUS_PID=$(echo "$out" | sed -n 2p)
  echo "retrocam: started a private session bus at $DBUS_SESSION_BUS_ADDRESS (pid $RETROCAM_PRIVATE_BUS_PID)" >&2
}
retrocam_stop_bus() {
  if [ -n "${RETROCAM_PRIVATE_BUS_PID:-}" ]; then kill "$RETROCAM_PRIVATE_BUS_PID" 2>/dev/null || true; fi
}
