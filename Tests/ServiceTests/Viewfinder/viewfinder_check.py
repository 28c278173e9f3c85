#!/usr/bin/python3
"""Reads retrocam-viewfinder the way a screen reader does (AT-SPI through pyatspi) and drives it
the way a person does (XTest keys through xdotool, AT-SPI actions), then checks what it finds
against the daemon on the bus (dbus-python). Run by ViewfinderTests under Xvfb with the AT-SPI bus
on the test's private session bus. Each subcommand prints what it checked and exits 1 on the first
mismatch, with a sentence saying what differed.
"""
import json
import os
import subprocess
import sys
import time

import dbus
import pyatspi
from gi.repository import Atspi, GLib

BUS_NAME = "org.retrocam.Camera"
OBJECT = "/org/retrocam/Camera"
CAMERA = "org.retrocam.Camera1"
INTENTS = "org.retrocam.Intents1"

# The seed's roles: dials and rockers are adjustable, buttons and the lever take activation.
ROLES = {
    "decade": "slider", "style": "slider", "degree": "slider",
    "exposure": "spin button", "zoom": "spin button",
    "rec": "push button", "format": "push button", "timer": "push button", "audio": "push button",
    "library": "push button", "last-take": "push button", "menu": "push button", "flip": "push button",
    "undo": "push button", "mode": "toggle button", "light": "toggle button", "counter": "label",
}
ADJUSTABLE = {"decade", "style", "degree", "exposure", "zoom"}
# The seed's table, in its order: ListControls' order and the body's Tab order.
SEED_ORDER = ["decade", "style", "degree", "rec", "mode", "exposure", "zoom", "format", "timer", "light", "audio",
              "library", "last-take", "menu", "flip", "undo", "counter"]
# The seed's "How to use it" column, word for word.
SEED_HINTS = {
    "decade": "Swipe up or down", "style": "Swipe up or down", "degree": "Swipe up or down",
    "exposure": "Swipe up or down", "zoom": "Swipe up or down, 0.5× at a time",
    "rec": "Double tap to start, double tap again to pause; in STILL, double tap to take a photo. There is no press-and-hold.",
    "mode": "Double tap to change",
}


class Failure(Exception):
    pass


def expect(condition, sentence):
    if not condition:
        raise Failure(sentence)


def say(text):
    print(text, flush=True)


class Camera:
    """The daemon, through dbus-python (a real client on the same bus)."""

    def __init__(self):
        self.bus = dbus.SessionBus()
        self.proxy = self.bus.get_object(BUS_NAME, OBJECT, introspect=False)

    def call(self, interface, method, *args):
        return getattr(self.proxy, method)(*args, dbus_interface=interface)

    def describe(self, control):
        return str(self.call(CAMERA, "Describe", control))

    def controls(self):
        return [tuple(str(field) for field in row) for row in self.call(CAMERA, "ListControls")]

    def prop(self, name):
        return self.proxy.Get(CAMERA, name, dbus_interface="org.freedesktop.DBus.Properties")

    def wait_prop(self, name, predicate, what, timeout=30):
        value = [self.prop(name)]

        def reached():
            value[0] = self.prop(name)
            return predicate(value[0])
        if not poll(reached, timeout):
            raise Failure(f"{name} did not become {what} within {timeout} s (it is {value[0]!r}).")
        return value[0]


class Viewfinder:
    """The viewfinder's accessible tree, as AT-SPI shows it."""

    def __init__(self, timeout=60):
        self.app = None

        def appeared():
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == "retrocam-viewfinder":
                    self.app = app
            return self.app is not None
        if not poll(appeared, timeout):
            raise Failure("retrocam-viewfinder never appeared on the AT-SPI desktop.")

    def find(self, accessible_id, timeout=30):
        found = [None]

        def present():
            found[0] = self._search(self.app, accessible_id)
            return found[0] is not None
        if not poll(present, timeout):
            raise Failure(f"No accessible object with id {accessible_id!r}.")
        return found[0]

    def _search(self, node, accessible_id):
        try:
            if node.accessibleId == accessible_id:
                return node
            for child in node:
                if child is not None:
                    found = self._search(child, accessible_id)
                    if found is not None:
                        return found
        except Exception:
            return None
        return None

    def frame(self):
        return self.app[0]


def showing(node):
    return node.getState().contains(pyatspi.STATE_SHOWING)


def focused(node):
    return node.getState().contains(pyatspi.STATE_FOCUSED)


def attributes(node):
    return dict(item.split(":", 1) for item in node.getAttributes())


def value_text(node):
    return Atspi.Value.get_text(node) or ""


def spoken(node, control):
    """What a screen reader says for the control: the name, then the value text of an adjustable."""
    text = value_text(node) if control in ADJUSTABLE else ""
    return node.name if not text else f"{node.name}, {text}"


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return (box.x, box.y, box.width, box.height)


def wait(predicate, sentence, timeout=30):
    if not poll(predicate, timeout):
        raise Failure(sentence)


def poll(predicate, timeout, step=0.05):
    """True once `predicate()` holds, checked every `step` seconds while AT-SPI's events are delivered;
    False after `timeout` seconds."""
    deadline = time.time() + timeout
    while not predicate():
        if time.time() > deadline:
            return False
        pump(step)
    return True


def pump(seconds):
    """Delivers AT-SPI's events for `seconds`: the main loop runs, woken by them or by a timer."""
    context = GLib.MainContext.default()
    done = [False]

    def finish():
        done[0] = True
        return False
    GLib.timeout_add(int(seconds * 1000), finish)
    while not done[0]:
        context.iteration(True)


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def focus(viewfinder, control):
    node = viewfinder.find(control)
    node.queryComponent().grabFocus()
    wait(lambda: focused(node), f"{control} did not take the keyboard focus.")
    return node


def wait_attribute(node, key, wanted, timeout=10):
    wait(lambda: attributes(node).get(key) == wanted,
         f"{node.accessibleId}: attribute {key} is {attributes(node).get(key)!r}, expected {wanted!r}.", timeout)


# MARK: - Checks


def check_tree(camera, viewfinder):
    """Every control: the seed's role, name and value exactly as Describe says them, the hint."""
    rows = camera.controls()
    expect([row[0] for row in rows] == SEED_ORDER, f"ListControls lists {[row[0] for row in rows]}")
    for control, name, value, hint in rows:
        node = viewfinder.find(control)
        described = camera.describe(control)
        expect(node.getRoleName() == ROLES[control],
               f"{control}: role {node.getRoleName()!r}, expected {ROLES[control]!r}.")
        expect(node.description == hint, f"{control}: hint {node.description!r}, the bus says {hint!r}.")
        if control in SEED_HINTS:
            expect(hint == SEED_HINTS[control], f"{control}: the bus's hint {hint!r} is not the seed's.")
        if control in ADJUSTABLE:
            expect(node.name == name, f"{control}: name {node.name!r}, the bus says {name!r}.")
            expect(value_text(node) == value, f"{control}: value text {value_text(node)!r}, the bus says {value!r}.")
            expect(attributes(node).get("valuetext") == value,
                   f"{control}: valuetext {attributes(node).get('valuetext')!r}, the bus says {value!r}.")
            actions = node.queryAction()
            expect([actions.getName(i) for i in range(actions.nActions)] == ["increment", "decrement"],
                   f"{control}: actions {[actions.getName(i) for i in range(actions.nActions)]}")
        elif control != "counter":
            actions = node.queryAction()
            expect(actions.nActions == 1 and actions.getName(0) == "click", f"{control}: no click action.")
        expect(spoken(node, control) == described, f"{control}: a screen reader says {spoken(node, control)!r}, "
                                                   f"Describe says {described!r}.")
        expect(node.getState().contains(pyatspi.STATE_FOCUSABLE), f"{control} cannot take the focus.")
        say(f"ok {control}: {node.getRoleName()} {described!r} hint {hint!r}")
    # Tab order follows the body (the seed's order). A magnifier follows the focused object's
    # extents, so each must lie inside the window when it takes the focus.
    order = SEED_ORDER
    frame = extents(viewfinder.frame())
    focus(viewfinder, order[0])
    for control in order[1:]:
        xdotool("key", "Tab")
        node = viewfinder.find(control)
        wait(lambda: focused(node), f"Tab did not go from the previous control to {control}.", 5)
        x, y, w, h = extents(node)
        expect(w > 0 and h > 0 and x >= frame[0] and y >= frame[1] and x + w <= frame[0] + frame[2]
               and y + h <= frame[1] + frame[3], f"{control} focused at {(x, y, w, h)}, outside the window {frame}.")
    say(f"ok Tab order: {' → '.join(order)}; each focused control inside the window")


def check_keys(camera, viewfinder):
    """Up/Down are the swipe, Enter/Space the double tap, REC follows the shutter rules."""
    decade = focus(viewfinder, "decade")
    before = str(camera.prop("Decade"))
    xdotool("key", "Up")
    after = camera.wait_prop("Decade", lambda v: str(v) != before, "another decade")
    wait(lambda: spoken(decade, "decade") == camera.describe("decade"), "the DECADE wheel did not say the new decade.")
    xdotool("key", "Down")
    camera.wait_prop("Decade", lambda v: str(v) == before, before)
    say(f"ok Up/Down on DECADE: {before} → {after} → {before}")

    timer = focus(viewfinder, "timer")
    xdotool("key", "Return")
    camera.wait_prop("Timer", lambda v: int(v) != 0, "on")
    wait(lambda: timer.name == camera.describe("timer"), "TIMER did not say its new value.")
    xdotool("key", "space")
    camera.wait_prop("Timer", lambda v: int(v) != 3, "the next value")
    for _ in range(5):
        if int(camera.prop("Timer")) == 0:
            break
        before = int(camera.prop("Timer"))
        xdotool("key", "Return")
        camera.wait_prop("Timer", lambda v: int(v) != before, "the next value")
    expect(int(camera.prop("Timer")) == 0, "TIMER did not come back to Off within five presses.")
    say("ok Enter/Space on TIMER cycle the self-timer")

    exposure = viewfinder.find("exposure")
    exposure.queryAction().doAction(0)
    camera.wait_prop("Exposure", lambda v: float(v) == 0.5, "+0.5")
    exposure.queryAction().doAction(1)
    camera.wait_prop("Exposure", lambda v: float(v) == 0.0, "0")
    degree = viewfinder.find("degree")
    start = int(camera.prop("Degree"))
    degree.queryValue().currentValue = start + 2
    camera.wait_prop("Degree", lambda v: int(v) == start + 2, str(start + 2))
    wait(lambda: degree.queryValue().currentValue == start + 2, "DEGREE's value did not follow the bus.")
    degree.queryValue().currentValue = start
    camera.wait_prop("Degree", lambda v: int(v) == start, str(start))
    say("ok AT-SPI actions and Value: EXPOSURE ±0.5, DEGREE set two steps and back")

    # STILL: the photo is taken on release.
    viewfinder.find("mode").queryAction().doAction(0)
    camera.wait_prop("Mode", lambda v: str(v) == "Still", "Still")
    focus(viewfinder, "rec")
    last = str(camera.prop("LastTake"))
    xdotool("keydown", "Return")
    # A fixed wait, for what must not happen: a second held down, and no photo before the release.
    time.sleep(1.0)
    expect(str(camera.prop("LastTake")) == last, "STILL: a photo was taken on press, before the release.")
    xdotool("keyup", "Return")
    photo = camera.wait_prop("LastTake", lambda v: str(v) != last, "a new photo")
    expect(str(photo).endswith(".jpg"), f"STILL: the take {photo} is not a photo.")
    say(f"ok REC in STILL fires on release: {os.path.basename(str(photo))}")
    # CINE: each press toggles.
    viewfinder.find("mode").queryAction().doAction(0)
    camera.wait_prop("Mode", lambda v: str(v) == "Cine", "Cine")
    rec = focus(viewfinder, "rec")
    xdotool("key", "Return")
    camera.wait_prop("Recording", lambda v: bool(v), "true")
    wait(lambda: rec.name == camera.describe("rec"), "REC did not say Stop while recording.")
    xdotool("key", "Return")
    camera.wait_prop("Recording", lambda v: not bool(v), "false")
    clip = camera.wait_prop("LastTake", lambda v: str(v).endswith(".webm"), "a clip")
    say(f"ok REC in CINE toggles: {os.path.basename(str(clip))}")


def check_intro(camera, viewfinder, style):
    """The intro says "Double tap to skip"; skipped, it leaves (fading, or cut); the DECADE wheel
    spins in (or not); the fact of the day appears and the screen reader is given it."""
    intro = viewfinder.find("intro")
    expect(intro.description == "Double tap to skip", f"the intro's hint is {intro.description!r}.")
    expect(showing(intro), "the intro card is not showing at launch.")
    heard = []
    listener = Atspi.EventListener.new(lambda event: heard.append((event.type, event.source)))
    listener.register("object:state-changed:showing")
    intro.queryAction().doAction(0)
    wait(lambda: not showing(intro), "the intro did not go when its action was done.")
    wait_attribute(intro, "motion-intro", style["intro"])
    decade = viewfinder.find("decade")
    wait_attribute(decade, "motion-spin-in", style["spin-in"])
    say(f"ok intro: 'Double tap to skip', skipped, left with {style['intro']}; DECADE spin-in {style['spin-in']}")
    fact = str(camera.call(INTENTS, "FactOfTheDay")["dialog"])
    notification = viewfinder.find("fact-of-the-day")
    wait(lambda: showing(notification) and notification.name == fact,
         f"the fact of the day is not shown (name {notification.name!r}, expected {fact!r}).")
    expect(notification.getRoleName() == "notification", f"the fact's role is {notification.getRoleName()}.")
    wait(lambda: any(source is not None and source.accessibleId == "fact-of-the-day" and event.endswith("showing")
                     for event, source in heard),
         "no object:state-changed:showing event came for the fact of the day.")
    listener.deregister("object:state-changed:showing")
    say(f"ok fact of the day given to the screen reader: {fact!r}")


def check_motion(camera, viewfinder, style):
    """Dials, levers, switches, MENU and LIBRARY settle in the expected style; REC's ring."""
    degree = viewfinder.find("degree")
    degree.queryAction().doAction(0)
    wait_attribute(degree, "motion-settle", style["settle"])
    degree.queryAction().doAction(1)
    mode = viewfinder.find("mode")
    mode.queryAction().doAction(0)
    wait_attribute(mode, "motion-settle", style["settle"])
    mode.queryAction().doAction(0)
    camera.wait_prop("Mode", lambda v: str(v) == "Cine", "Cine")
    light = viewfinder.find("light")
    light.queryAction().doAction(0)
    wait_attribute(light, "motion-settle", style["settle"])
    light.queryAction().doAction(0)
    say(f"ok DEGREE, the lever and LIGHT settle: {style['settle']}")
    menu = viewfinder.find("menu")
    menu.queryAction().doAction(0)
    panel = viewfinder.find("menu-panel")
    wait(lambda: showing(panel), "the MENU panel did not open.")
    wait_attribute(menu, "motion-menu", style["menu"])
    xdotool("key", "Escape")
    wait(lambda: not showing(panel), "Escape did not close the MENU.")
    say(f"ok MENU opens and closes: {style['menu']}")
    library = viewfinder.find("library")
    library.queryAction().doAction(0)
    page = viewfinder.find("library-page")
    wait(lambda: showing(page), "the LIBRARY did not open.")
    wait_attribute(library, "motion-library", style["library"])
    xdotool("key", "Escape")
    body = viewfinder.find("body")
    wait(lambda: showing(body) and not showing(page), "Escape did not go back to the camera.")
    say(f"ok LIBRARY in and out (Escape): {style['library']}")
    rec = viewfinder.find("rec")
    rec.queryAction().doAction(0)
    camera.wait_prop("Recording", lambda v: bool(v), "true")
    wait_attribute(rec, "motion-rec-ring", style["rec-ring"])
    rec.queryAction().doAction(0)
    camera.wait_prop("Recording", lambda v: not bool(v), "false")
    say(f"ok REC ring while recording: {style['rec-ring']}")


def check_layout(viewfinder, output):
    """The body's controls and engravings: sizes, and that no two overlap, inside the window."""
    def snapshot():
        boxes = {}
        for control in ROLES:
            boxes[control] = extents(viewfinder.find(control))
            boxes["engraving." + control] = extents(viewfinder.find("engraving." + control))
        return extents(viewfinder.frame()), boxes

    # Read while GTK may still be laying the window out again (a text size just changed), the parts can
    # come from two layouts: measure until two readings 0.2 s apart agree (5 s at most), then check.
    frame, boxes = snapshot()
    deadline = time.time() + 5
    while time.time() < deadline:
        pump(0.2)
        again = snapshot()
        if again == (frame, boxes):
            break
        frame, boxes = again
    names = list(boxes)
    for i, first in enumerate(names):
        x, y, w, h = boxes[first]
        expect(w > 0 and h > 0, f"{first} has no size ({w}×{h}).")
        expect(x >= frame[0] and y >= frame[1] and x + w <= frame[0] + frame[2] and y + h <= frame[1] + frame[3],
               f"{first} {boxes[first]} lies outside the window {frame}.")
        for second in names[i + 1:]:
            a, b, c, d = boxes[second]
            overlap = max(0, min(x + w, a + c) - max(x, a)) * max(0, min(y + h, b + d) - max(y, b))
            expect(overlap == 0, f"{first} {boxes[first]} and {second} {boxes[second]} overlap.")
    heights = {name: boxes[name][3] for name in names if name.startswith("engraving.")}
    with open(output, "w") as handle:
        json.dump({"frame": frame, "boxes": boxes, "engraving_heights": heights}, handle)
    say(f"ok {len(names)} body parts inside the window {frame[2]}×{frame[3]}, none overlapping; "
        f"engravings {min(heights.values())}–{max(heights.values())} px high")


def check_words(camera, viewfinder, library=None):
    """Every face's words and every engraving fit their control whole: no face ellipsized, each face's text
    inside its control, each engraving (text and label) no wider than its control and not cut. UNDO is
    checked showing its countdown: a photo is taken here, and the check reads the faces as soon as UNDO's
    face shows it; with `library`, once LIBRARY's face shows that value too."""
    body = viewfinder.find("body")
    wait(lambda: showing(body), "the camera's body is not showing.")
    nodes = {control: viewfinder.find(control) for control in ROLES}
    engravings = {control: viewfinder.find("engraving." + control) for control in ROLES}
    mode = str(camera.prop("Mode"))
    camera.call(INTENTS, "TakePhoto")
    try:
        # UNDO's face as first drawn with the countdown (most often "10 seconds left", the widest), kept
        # for the check: reading every control takes seconds, and the countdown does not wait.
        undo = nodes["undo"]
        seen = {}
        wait(lambda: seen.update(attributes(undo)) or seen.get("face-value", "").endswith("left"),
             f"UNDO's face did not show its countdown (face-value {attributes(undo).get('face-value')!r}).")
        if library:
            wait(lambda: attributes(nodes["library"]).get("face-value") == library,
                 f"LIBRARY's face shows {attributes(nodes['library']).get('face-value')!r}, not {library!r}.")
        checked = check_faces_and_engravings(nodes, engravings, {"undo": dict(seen)})
        checked += check_menu_rows(camera, viewfinder)
    finally:
        if str(camera.prop("Mode")) != mode:
            # The photo switched the camera to STILL: back to the mode the next checks expect.
            nodes["mode"].queryAction().doAction(0)
            camera.wait_prop("Mode", lambda v: str(v) == mode, mode)
    say(f"ok the faces and engravings of {len(nodes)} controls and the MENU's rows fit: {', '.join(checked)}")


def check_menu_rows(camera, viewfinder):
    """The MENU panel's rows (ListMenu), opened and closed again: their faces and engravings fit too."""
    menu = viewfinder.find("menu")
    menu.queryAction().doAction(0)
    panel = viewfinder.find("menu-panel")
    wait(lambda: showing(panel), "the MENU panel did not open.")
    rows = [str(row[0]) for row in camera.call(CAMERA, "ListMenu")]
    expect(rows, "ListMenu lists no rows.")
    nodes = {row: viewfinder.find(row) for row in rows}
    for row, node in nodes.items():
        wait(lambda: "face-ellipsized" in attributes(node), f"the MENU row {row} was never drawn.")
    checked = check_faces_and_engravings(nodes, {row: viewfinder.find("engraving." + row) for row in rows})
    xdotool("key", "Escape")
    wait(lambda: not showing(panel), "Escape did not close the MENU.")
    return checked


def check_faces_and_engravings(nodes, engravings, seen=None):
    """The faces' and engravings' extents against their controls'; answers what each face showed. `seen`
    holds face attributes already read, by control."""
    checked = []
    for control, node in nodes.items():
        shown = (seen or {}).get(control) or attributes(node)
        x, y, w, h = extents(node)
        value, text = shown.get("face-value", ""), shown.get("face-text", "")
        expect("face-ellipsized" in shown, f"{control}: the face says nothing of its words ({shown}).")
        expect(shown["face-ellipsized"] == "false", f"{control}: the face's {text!r} is ellipsized.")
        expect(bool(text) == bool(value), f"{control}: the face shows {text!r} for the value {value!r}.")
        if text:
            fx, fy, fw, fh = (int(part) for part in shown["face-extents"].split())
            expect(fx >= 0 and fy >= 0 and fx + fw <= w and fy + fh <= h,
                   f"{control}: the face's {text!r} at {(fx, fy, fw, fh)} does not fit the control's {w}×{h}.")
            checked.append(f"{control} {text.replace(chr(10), ' / ')!r}")
        label = engravings[control]
        lx, ly, lw, lh = extents(label)
        expect(lx >= x and lx + lw <= x + w, f"engraving.{control} {(lx, ly, lw, lh)} is wider than its control {(x, y, w, h)}.")
        characters = label.queryText()
        read = {}

        def text_inside_label():
            # The label and its text are read one after the other: a face that changes meanwhile (UNDO counting down,
            # its words wrapping at a large text size) moves the row between the two readings, so both are read again
            # until one reading of the pair agrees; a text that is cut stays cut.
            read["label"] = lx, ly, lw, lh = extents(label)
            read["text"] = tx, ty, tw, th = characters.getRangeExtents(0, characters.characterCount, pyatspi.DESKTOP_COORDS)
            return tw > 0 and tx >= lx and tx + tw <= lx + lw and ty >= ly and ty + th <= ly + lh
        expect(poll(text_inside_label, 5),
               f"engraving.{control}: its text at {read['text']} is cut by the label {read['label']}.")
    return checked


def check_live(viewfinder, folder, name, timeout=30):
    """Screenshots until the preview area differs from the first one (the picture is live)."""
    preview = viewfinder.find("preview")
    x, y, w, h = extents(preview)
    expect(w > 0 and h > 0 and showing(preview), f"the preview is not showing ({w}×{h}).")
    crop = f"{w}x{h}+{x}+{y}"
    first = os.path.join(folder, f"{name}-1.png")
    later = os.path.join(folder, f"{name}-2.png")
    subprocess.run(["import", "-window", "root", first], check=True)
    started = time.time()
    differing = [0]

    def changed():
        subprocess.run(["import", "-window", "root", later], check=True)
        result = subprocess.run(["compare", "-metric", "AE", "-extract", crop, first, later, "null:"],
                                capture_output=True, text=True)
        differing[0] = int(float(result.stderr.split()[0]))
        return differing[0] > 0
    expect(poll(changed, timeout), f"the preview area {crop} did not change within {timeout} s.")
    say(f"ok preview live: {differing[0]} of {w * h} pixels changed in {time.time() - started:.1f} s ({first})")


def check_library(camera, viewfinder, recovered):
    """The LIBRARY lists the takes with their decade, date and length, says "Recovered takes
    available" when there are some, plays a clip, and Escape goes back."""
    button = viewfinder.find("library")
    if recovered:
        # A daemon just started again: it says so on LIBRARY once its recovery is done, and the window
        # follows (its properties read again); only then is the press the one the check is about.
        wait(lambda: "Recovered takes available" in camera.describe("library"),
             f"the bus's LIBRARY says {camera.describe('library')!r}, no recovered takes.")
        wait(lambda: button.name == camera.describe("library"),
             f"the LIBRARY button says {button.name!r}, the bus {camera.describe('library')!r}.")
    takes = camera.call(CAMERA, "ListTakes", dbus.Int32(0), dbus.Int32(200))
    button.queryAction().doAction(0)
    page = viewfinder.find("library-page")
    wait(lambda: showing(page), "the LIBRARY did not open.")
    banner = viewfinder.find("library-recovered")
    # The banner's showing state comes in an AT-SPI event of its own, after the page's.
    if not poll(lambda: showing(banner) == recovered, 10):
        raise Failure(f"'Recovered takes available' is {'shown' if showing(banner) else 'hidden'}, expected {recovered}.")
    listed = viewfinder.find("library-takes")
    wait(lambda: listed.childCount == len(takes), f"the LIBRARY lists {listed.childCount} takes, the bus {len(takes)}.")
    clip_index = None
    for index, take in enumerate(takes):
        row = viewfinder.find(f"take.{index}")
        kind = "Clip" if str(take[1]) == "clip" else "Photo"
        expect(row.name.startswith(kind) and str(take[3]) in row.name,
               f"take {index}: {row.name!r} does not say {kind} and {take[3]}.")
        if kind == "Clip":
            expect("second" in row.name, f"take {index}: {row.name!r} does not give the clip's length.")
            if clip_index is None:
                clip_index = index
    say(f"ok LIBRARY lists {len(takes)} takes; recovered banner {'shown' if recovered else 'hidden'}")
    if clip_index is not None:
        viewfinder.find(f"take.{clip_index}").queryAction().doAction(0)
        playing = viewfinder.find("library-playing")
        wait(lambda: showing(playing) and playing.name.startswith("Playing"), "the clip does not play.")
        wait(lambda: showing(viewfinder.find("library-player")), "the player is not shown.")
        say(f"ok {playing.name!r}")
    xdotool("key", "Escape")
    wait(lambda: not showing(page), "Escape did not leave the LIBRARY.")
    say("ok Escape back to the camera")


def check_steps(camera, viewfinder, control, count):
    """Turns a dial `count` steps up and back down through its AT-SPI actions, each step waiting for
    the daemon's property (so each was a successful Adjust: one click each)."""
    node = viewfinder.find(control)
    prop = {"degree": "Degree", "zoom": "Zoom", "exposure": "Exposure"}[control]
    for action in [0] * count + [1] * count:
        before = camera.prop(prop)
        node.queryAction().doAction(action)
        camera.wait_prop(prop, lambda v: v != before, "the next step")
    say(f"ok {control}: {count} steps up and {count} down")


def main():
    command = sys.argv[1]
    options = dict(argument.split("=", 1) for argument in sys.argv[2:])
    styles = {
        "full": {"intro": "fade 600", "spin-in": "spin 900", "settle": "spring 350", "menu": "spring 350",
                 "library": "spring 350", "rec-ring": "pulse 1200"},
        "reduced": {"intro": "cut 0", "spin-in": "none 0", "settle": "fade 150", "menu": "fade 150",
                    "library": "fade 150", "rec-ring": "still 0"},
    }
    try:
        camera = Camera()
        viewfinder = Viewfinder()
        if command == "tree":
            check_tree(camera, viewfinder)
        elif command == "keys":
            check_keys(camera, viewfinder)
        elif command == "intro":
            check_intro(camera, viewfinder, styles[options["motion"]])
        elif command == "motion":
            check_motion(camera, viewfinder, styles[options["motion"]])
        elif command == "layout":
            check_layout(viewfinder, options["output"])
        elif command == "words":
            check_words(camera, viewfinder, options.get("library"))
        elif command == "live":
            check_live(viewfinder, options["folder"], options["name"])
        elif command == "steps":
            check_steps(camera, viewfinder, options["control"], int(options["count"]))
        elif command == "library":
            check_library(camera, viewfinder, options.get("recovered") == "true")
        else:
            raise Failure(f"unknown check {command}")
    except Failure as failure:
        print(f"FAIL {command}: {failure}", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
