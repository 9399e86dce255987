// Settings shared by the game and the editor.
class Config {
    int speed = 3;
    string title = "demo";
}
