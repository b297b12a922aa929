import GymbellControl

extension Daemon: ControlCommands {}
