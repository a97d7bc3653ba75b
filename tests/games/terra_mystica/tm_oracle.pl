#!/usr/bin/perl
# The terra.snellman.net engine as a test oracle, many games in one process (loading Moose costs
# ~0.3 s, a game ~75 ms). usage: perl tests/games/terra_mystica/tm_oracle.pl ENGINE_DIR
# stdin: one JSON object a line, {"rows": ["setup witches", "witches: build E7", ...],
#   "options": ["strict-leech", ...]}; stdout: one JSON object a line (flushed), {"error": [...],
#   "finished": 0|1, "factions": {name: {VP, C, W, P, P1, P2, P3, FIRE, ...}}, "ledger": [...]}
#   with the ledger's rows cut down to what the tests compare; {"query": "bridgable"} answers
#   {"bridgable": [["A5", "B7"], ...]}, the land hex pairs of the base map's bridge spaces.
use strict; use warnings; no warnings "once";
my $engine = shift @ARGV or die "usage: perl tm_oracle.pl ENGINE_DIR\n";
unshift @INC, $engine;
require JSON;
require tracker;
$| = 1;
my $json = JSON->new->canonical->allow_blessed->convert_blessed;
my @keep = qw(VP C W P P1 P2 P3 FIRE WATER EARTH AIR);
while (my $line = <STDIN>) {
    next unless $line =~ /\S/;
    my $in = $json->decode($line);
    if (($in->{query} // '') eq 'bridgable') {  # the land hex pairs the base map has bridge spaces for
        local %terra_mystica::map = %{terra_mystica::setup_map(\@Game::Constants::base_map)};
        my @pairs;
        for my $a (sort keys %terra_mystica::map) {
            push @pairs, map { [$a, $_] } grep { $a lt $_ } sort keys %{$terra_mystica::map{$a}{bridgable} || {}};
        }
        print $json->encode({ bridgable => \@pairs }), "\n";
        next;
    }
    my @rows = map { "$_\n" } @{$in->{rows}};
    my $res = eval {
        terra_mystica::evaluate_game({ rows => \@rows, metadata => { game_options => $in->{options} || [] },
                                       players => [] });
    };
    if (!$res) {
        print $json->encode({ error => ["evaluation died: $@"], finished => 0, factions => {}, ledger => [] }), "\n";
        next;
    }
    my %factions;
    for my $f (values %{$res->{factions} || {}}) {
        $factions{$f->{name}} = { map { ($_ => $f->{$_}) } grep { defined $f->{$_} && !ref $f->{$_} } keys %$f };
    }
    my @ledger;
    for my $r (@{$res->{ledger} || []}) {
        if (!$r->{faction}) { push @ledger, { comment => $r->{comment} // '' }; next; }
        my %row = (faction => $r->{faction}, commands => $r->{commands});
        for my $k (@keep) {
            my $v = $r->{$k};
            $row{$k} = ref $v eq 'HASH' ? $v->{value} : $v;
        }
        push @ledger, \%row;
    }
    print $json->encode({ error => $res->{error} || [], finished => $res->{finished} ? 1 : 0,
                          action_required => $res->{action_required} || [],
                          factions => \%factions, ledger => \@ledger }), "\n";
}
