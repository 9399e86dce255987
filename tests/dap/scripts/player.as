// Members of `this` in conditions, log points and evaluate (the debug adapter's test script).
class Player
{
    int hp = 30;
    private int secret = 5;
    string name = "hero";
    Player@ buddy;
    void hit(int damage)
    {
        hp -= damage;   // @hit_body
        println(name + " " + hp);
    }
    int doubled() { return hp * 2; }
}

void main()
{
    Player p;
    for (int i = 0; i < 4; i++)
        p.hit(7);
}
