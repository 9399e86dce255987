funcdef int F(int);

void main()
{
    F@ triple = function(x)
    {
        int y = x * 3;   // @lambda_body
        return y;
    };
    string line = getInput();   // standard input is not the client's: this reads nothing
    println("r=" + triple(2) + " input=[" + line + "]");   // @call
}
