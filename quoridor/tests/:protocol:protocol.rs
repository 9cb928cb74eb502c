/// Protocol I/O errors keep the `std::io::ErrorKind` of the failure.
#[test]
fn a_protocol_io_error_keeps_its_io_error_kind() {
    let e = quoridor::ProtocolError::from(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "gone"));
    assert!(matches!(e, quoridor::ProtocolError::Io { kind: std::io::ErrorKind::BrokenPipe, .. }), "{e:?}");
    assert_eq!(game_core::GameError::kind(&e), "io");
}
