// Value assignment through a handle property whose getter gives null.
class Info {}
class Mind {
  Mind(Info@ vi) { VehicleInfo = vi; }
  Info@ get_VehicleInfo() const property { return m_info; }
  void set_VehicleInfo(Info@ info) property { @m_info = @info; }
  private Info@ m_info;
}
void main() {
  Info vi;
  Mind m(vi);
}
// expect-exception: Null pointer access
