import DBus
import Intents

/// `org.retrocam.Intents1.FactOfTheDay() → a{sv}`: a true fact about the decade on the wheel, the same
/// all day (`dialog` "Fact of the day: …", `value` the fact, `decade`). Add this row to the interface table.
extension IntentsInterface {
    /// The method row over `controller`.
    static func factOfTheDay(_ controller: CameraController) -> Method {
        Method("FactOfTheDay", out: [Argument("result", "a{sv}")]) { _ in
            [await controller.factOfTheDay().bus]
        }
    }
}
