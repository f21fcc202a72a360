# Porque é que uma entrega não pode jogar, e o que a tornaria jogável
# (o reconhecimento de `arbiter grade`: grade/recognise/unplayable.rs).
# Cada mensagem está também em ../en/recognise.ftl (os testes verificam).

unplayable-refused = recusada na receção: { $why }
unplayable-refused-fix = entregue de novo sem isso: um arquivo só com os ficheiros do projeto
unplayable-empty = a entrega está vazia: nenhum ficheiro
unplayable-empty-fix = entregue os ficheiros do projeto (.lisp)
unplayable-no-source = nenhum ficheiro Lisp, nenhum programa Python, nenhum executável ({ $files })
unplayable-no-source-fix = entregue os ficheiros fonte do projeto (.lisp), ou um programa que fale o protocolo
unplayable-another-game = um projeto de outro jogo: { $other } (as suas palavras: { $words }), não { $game }
unplayable-another-game-fix = entregue o projeto de { $game }
unplayable-menu = a função { $entry } é o menu, sem argumentos; o campeonato chama ({ $entry } estado tempo) e espera a jogada do computador
unplayable-menu-fix = escreva uma função ({ $entry } estado tempo) que devolva a jogada do computador nessa posição, e deixe o menu com outro nome
unplayable-whole-game = a função { $entry } { $params } joga um jogo inteiro até ao fim; o campeonato chama-a uma vez por jogada e espera só a jogada do computador
unplayable-whole-game-fix = separe uma função ({ $entry } estado tempo) que faça uma só jogada do computador e devolva o novo estado
unplayable-unfinished = as funções que jogariam estão vazias ou por acabar: { $names }
unplayable-unfinished-fix = termine a procura (negamax com cortes alfa-beta) e a função que devolve a jogada do computador
unplayable-project-one = é o Projeto 1 (a procura do puzzle: { $files }), não o Projeto 2 com o jogo entre dois jogadores
unplayable-project-one-fix = entregue o Projeto 2: o jogo, a procura negamax e a função (jogar estado tempo)
unplayable-one-player = nenhuma função do código conhece um segundo jogador (nem jogador, nem adversário, nem vez de jogar): { $entries } procura como num puzzle de uma só pessoa, não no jogo entre dois jogadores
unplayable-one-player-fix = escreva a procura do jogo entre dois jogadores (negamax com cortes alfa-beta, alternando os jogadores) e a função (jogar estado tempo) que devolve a jogada do computador
unplayable-does-not-compile = funções que a jogada do computador chama não compilam, e falham sempre que correm: { $functions } (o SBCL: { $why })
unplayable-does-not-compile-fix = corrija o que o SBCL assinala ao compilá-las (carregue o projeto no SBCL e leia as mensagens "caught ERROR")
unplayable-no-move = { $entry } respondeu às { $n } chamadas sem jogada ({ $how ->
    [nil] devolveu NIL
    [unchanged] devolveu a posição sem mudança
   *[other] { $answer }
  }): não devolve o estado depois da jogada do computador
unplayable-no-move-fix = faça ({ $entry } estado tempo) devolver o novo estado com a jogada do computador feita (não só mostrar a jogada, nem guardá-la numa variável global)
unplayable-asks-human = { $entry } leu o teclado em cada uma das { $n } chamadas: pede a jogada de uma pessoa, onde o campeonato espera a do computador
unplayable-asks-human-fix = faça ({ $entry } estado tempo) escolher ela própria a jogada do computador, sem ler o teclado, e deixe a vez da pessoa para o menu
unplayable-missing-package = o código usa o pacote { $package } ({ $uses }), que nenhum ficheiro define
unplayable-missing-package-fix = entregue o ficheiro que define o pacote { $package } (defpackage), ou use os nomes sem o pacote
unplayable-no-entry = nenhuma função faz uma jogada do computador: nem { $entry } nem outra que receba a posição
unplayable-no-entry-fix = escreva a função ({ $entry } estado tempo) que devolve a jogada do computador
unplayable-does-not-load = o projeto não carrega: { $why }
unplayable-does-not-load-fix = corrija o erro indicado (ficheiro e linha) e experimente carregar o projeto no SBCL
unplayable-nothing-plays = { $n ->
    [one] a única maneira de chamar
   *[other] nenhuma das { $n } maneiras de chamar
  } { $entries } que o código sugere deu uma jogada legal; o erro mais frequente: { $error }
unplayable-nothing-plays-fix = experimente ({ $entries } estado tempo) no SBCL com o kit (adapters/lisp/run.lisp, comando show) e corrija o erro indicado
unplayable-recognition-failed = o árbitro falhou ao reconhecer este projeto (uma falha do árbitro, não do projeto; o professor tem o registo)
unplayable-recognition-failed-fix = nada a mudar no projeto por isto: o professor volta a avaliá-lo depois de o árbitro ser corrigido
