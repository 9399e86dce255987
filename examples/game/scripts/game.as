// The demo's game logic: a hero collects coins while slimes chase it. Everything it uses
// (Vec2, Color, Entity, Player, Enemy, World, optional<T>, HitHandler, IBehaviour, log) is bound
// by the host with the binding toolkit.

// Chases an entity: attached to an enemy with world.control().
class Chase : IBehaviour {
    Entity@ target;
    Chase(Entity@ target) { @this.target = target; }
    void tick(Entity@ self, float dt) {
        Enemy@ me = cast<Enemy>(self);
        if (me is null || !target.alive) { self.vel = Vec2(0, 0); return; }
        self.vel = (target.pos - self.pos).normalized() * me.speed;
    }
}

// Walks to the nearest coin; remembers where it is going in an optional<Vec2>.
class Collect : IBehaviour {
    optional<Vec2> goal;
    void tick(Entity@ self, float dt) {
        if (!goal.has() || (goal.get() - self.pos).length() < 0.5f) pickGoal(self);
        self.vel = goal.has() ? (goal.get() - self.pos).normalized() * 3 : Vec2(0, 0);
    }
    void pickGoal(Entity@ self) {
        goal.reset();
        float best = 1e9;
        for (int i = 0; i < world.count; i++) {
            Entity@ e = world.entity(i);
            if (e.kind != Pickup || !e.alive) continue;
            float d = self.distanceTo(e);
            if (d < best) { best = d; goal.set(e.pos); }
        }
    }
}

Player@ hero;
Collect@ collector;
int coins = 0;
int bites = 0;

void onHit(Entity@ a, Entity@ b) {
    Player@ p = cast<Player>(a);
    Entity@ other = b;
    if (p is null) { @p = cast<Player>(b); @other = a; }
    if (p is null) return;
    if (other.kind == Pickup) {
        other.damage(1);               // a pickup dies at 0 hit points: collected
        p.addScore(10);
        coins++;
        log(p.name + " picks up " + other.name + " at " + p.pos.str() + ", score " + p.score);
    } else if (other.team == Monsters) {
        Enemy@ slime = cast<Enemy>(other);
        p.damage(slime.attack);
        bites++;
        if (bites % 5 == 1) log(slime.name + " bites " + p.name + ": hp " + p.hp);
    }
}

void init(World@ w) {
    @hero = w.spawnPlayer("Ada", Vec2(0, 0));
    hero.radius = 0.6f;
    hero.hp = 100;
    Sprite@ look = hero.addSprite(hex("#33aaff"), 64);
    hero.addTrail(6);
    log("spawned " + hero.name + " (" + hero.componentCount() + " components, sprite " + look.tint.str() + ")");
    for (int i = 0; i < 5; i++) {
        Entity coin("coin" + i);
        coin.pos = Vec2(2 + i * 2.5f, (i % 2 == 0) ? 1.5f : -1.5f);
        coin.radius = 0.4f;
        w.add(coin);
    }
    array<string> names = {"green slime", "red slime"};
    array<Color> colors = {Color(40, 200, 60), hex("#e03030")};
    for (uint i = 0; i < names.length(); i++) {
        Enemy@ slime = w.spawnEnemy(names[i], Vec2(9, i == 0 ? -5 : 5), 2 + i);
        slime.speed = 1.2f + 0.6f * i;
        slime.addSprite(colors[i].mix(hex("#ffffff"), 0.25f), 83);
        w.control(slime, Chase(hero));
    }
    @collector = Collect();
    w.control(hero, collector);
    w.onHit(onHit);
    log("world has " + w.count + " entities");
}

void update(float dt) {
    if (world.frame % 20 == 0)
        log("t=" + formatFloat(world.time, "", 0, 1) + " hero at " + hero.pos.str() + " hp " + hero.hp + " score " + hero.score);
}

string summary() {
    Component@ c = hero.component(0);
    Trail@ trail = cast<Trail>(c);
    return "summary: " + coins + " coins, " + bites + " bites, hero hp " + hero.hp + ", score " + hero.score
         + (trail is null ? "" : ", trail " + trail.length);
}
