#!/usr/bin/python3
# Sends N calls to retrocamd, each carrying unix file descriptors inside its parameters (a{sv}, v,
# arrays of h): the descriptor leak it once had. Used by scripts/bench (retrocam-bench) and ServiceTests.
# Needs dbus-python, which only /usr/bin/python3 has. Prints "sent N errors {name: count}".
import dbus, os, sys

calls = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
bus = dbus.SessionBus()
camera = bus.get_object("org.retrocam.Camera", "/org/retrocam/Camera", introspect=False)
r, w = os.pipe()
fd = dbus.types.UnixFd(w)
shapes = [
    ("org.retrocam.Intents1", "Perform", lambda: ("SetDegree", dbus.Dictionary({"value": fd}, signature="sv"))),
    ("org.retrocam.Intents1", "Resolve", lambda: ("SetDegree", dbus.Dictionary({"value": fd, "x": dbus.String("y")}, signature="sv"))),
    ("org.freedesktop.DBus.Properties", "Set", lambda: ("org.retrocam.Camera1", "Decade", dbus.types.UnixFd(w, variant_level=1))),
    ("org.retrocam.Intents1", "Perform", lambda: ("TakePhoto", dbus.Dictionary({"fd": dbus.Array([fd, fd], signature="h")}, signature="sv"))),
]
errors = {}
for i in range(calls):
    interface, method, args = shapes[i % len(shapes)]
    try:
        camera.get_dbus_method(method, interface)(*args())
    except dbus.DBusException as e:
        errors[e.get_dbus_name()] = errors.get(e.get_dbus_name(), 0) + 1
print("sent", calls, "errors", errors)
