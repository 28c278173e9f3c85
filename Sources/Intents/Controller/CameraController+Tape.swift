import Body
import Foundation

/// The tape: its counter from the library, the clip stopped when it runs out, a new tape, and takes the
/// device ended by itself.
extension CameraController {
    /// Reads from the device what the tapes used (every technology of the catalog when `all`, else the
    /// current one) and the minutes the disk holds for digital media.
    func refreshTape(all: Bool) async {
        let technologies = all ? body.catalog.decades.flatMap(\.technologies) : [body.technology]
        for technology in technologies where !technology.medium.isNominal {
            if let used = await device.tapeSecondsUsed(technologyID: technology.id) {
                clips.tape.setUsed(seconds: used, on: technology.id)
            }
        }
        clips.tape.digitalMinutes = await device.digitalMinutesFree()
    }

    /// Why the tape cannot be changed now.
    static let noTapeChangeWhileRecording = "Can't change the tape while recording. Pause the clip first."

    /// InsertTape: a fresh tape (film load, cassette) in the current technology; its counter starts again.
    public func insertTape() async throws(IntentError) -> IntentResult {
        guard !body.recording else { throw .notAllowed(Self.noTapeChangeWhileRecording) }
        let technology = body.technology
        do { try await device.insertTape(technologyID: technology.id) } catch { throw IntentError(deviceError: error) }
        clips.tape.insertTape(on: technology.id)
        await refreshTape(all: false)
        commit(body)
        return IntentResult(dialog: "New \(technology.medium.name) in. \(tapeSentence())",
                            value: .double(body.tapeMinutesLeft))
    }

    /// The body stops recording without a take (the device failed to save it): the tape timer stops.
    func endRecording() {
        clips.tapeEnd?.cancel()
        clips.tapeEnd = nil
        clips.generation += 1
        clips.technologyID = nil
        var next = body
        next.setRecording(false)
        commit(next)
    }

    /// Starts the timer that ends the clip when the tape runs out.
    func scheduleTapeEnd(afterMinutes minutes: Double) {
        clips.generation += 1
        let generation = clips.generation
        clips.tapeEnd?.cancel()
        guard minutes.isFinite, minutes > 0, minutes < 100_000 else { return }
        let sleep = deadlines.sleeper(after: .milliseconds(Int64(minutes * 60_000)))
        clips.tapeEnd = Task { [weak self] in
            do { try await sleep() } catch { return }
            await self?.tapeRanOut(generation)
        }
    }

    /// The tape of clip `generation` ran out: the clip is stopped and saved, and the camera says so.
    func tapeRanOut(_ generation: Int) async {
        guard generation == clips.generation, body.recording else { return }
        clips.tapeEnd = nil
        do {
            let result = try await pauseClip(reason: "The tape ran out.")
            let saved = result.dialog.components(separatedBy: ". ").first ?? "Saved the clip"
            announce(.takeEnded(path: result.path, dialog: "The tape ran out. \(saved). Insert a new tape from the MENU."))
        } catch {
            announce(.takeEnded(path: nil, dialog: "The tape ran out. \(error.message)"))
        }
    }

    /// The device ended the take itself (disk full, camera gone): the body stops recording, the take
    /// counts against the tape, and the camera says what happened.
    func deviceEndedTake(_ interruption: DeviceInterruption) async {
        // A PauseClip that raced the device has already ended the body's recording; the take is still told.
        guard body.recording || interruption.take != nil else { return }
        clips.tapeEnd?.cancel()
        clips.tapeEnd = nil
        clips.generation += 1
        var dialog = interruption.reason.message
        if let take = interruption.take {
            clips.tape.record(seconds: take.duration, on: clips.technologyID ?? body.technology.id)
            dialog += " Saved \(Wording.clip(seconds: take.duration))."
        }
        clips.technologyID = nil
        await refreshTape(all: false)
        // Read the body after the await, so a change made meanwhile is kept.
        var next = body
        next.setRecording(false)
        if let take = interruption.take { next.lastTakePath = take.path }
        commit(next)
        if let take = interruption.take { openUndoWindow(for: take) }
        clips.lastEnding = dialog
        announce(.takeEnded(path: interruption.take?.path, dialog: dialog))
        announce(.recordingStopped(interruption.take, reason: dialog))
    }
}
